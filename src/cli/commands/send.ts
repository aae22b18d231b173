// Placeholder registrar, filled in by the send work in progress.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

export function registerSend(_program: Command, _io: CliIo): void {}
