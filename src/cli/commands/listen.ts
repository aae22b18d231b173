// Placeholder registrar, filled in by the listen work in progress.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

export function registerListen(_program: Command, _io: CliIo): void {}
