// Placeholder registrar, filled in by the completion work in progress.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

export function registerCompletion(_program: Command, _io: CliIo): void {}
