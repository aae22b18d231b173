// Placeholder registrar, filled in by the pair work in progress.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

export function registerPair(_program: Command, _io: CliIo): void {}
