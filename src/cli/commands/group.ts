// Placeholder registrar, filled in by the group work in progress.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

export function registerGroups(_program: Command, _io: CliIo): void {}
