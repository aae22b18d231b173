// api: any path of the service, as `gh api` does it. Its handler is imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { apiCommand } from './api-command.js';

export const apiCommands: Node[] = [lazy(apiCommand, () => import('./api.js'), 'callApi')];
