// listen: a local receiver for the service's webhook events, with optional forwarding to your app. Its handler is
// imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { listenCommand } from './listen-command.js';

export const listenCommands: Node[] = [lazy(listenCommand, () => import('./listen.js'), 'listen')];
