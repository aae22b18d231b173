// webhook on|off: a device's webhook events of chats or of groups. Its handler is imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { webhookCommand } from './webhook-command.js';

export const webhookCommands: Node[] = [lazy(webhookCommand, () => import('./webhook.js'), 'webhookSwitch')];
