// demo: the whole tool against a throwaway emulator, one real command after another. Its handler is imported only when
// it runs.
import { lazy, type Node } from '../../command.js';
import { demoCommand } from './demo-command.js';

export const demoCommands: Node[] = [lazy(demoCommand, () => import('./demo.js'), 'demo')];
