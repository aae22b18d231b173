// pair: links a phone as a device. Its handler is imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { pairCommand } from './pair-command.js';

export const pairCommands: Node[] = [lazy(pairCommand, () => import('./pair.js'), 'pair')];
