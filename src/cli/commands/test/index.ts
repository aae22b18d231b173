// test: conversation tests run against a bot. Its handler (with the YAML parser, the schema check and the emulator)
// is imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { testCommand } from './test-command.js';

export const testCommands: Node[] = [lazy(testCommand, () => import('./test.js'), 'test')];
