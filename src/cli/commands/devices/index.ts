// devices ls|check|rm|disconnect|link|set-webhook. Each handler is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { checkDeviceCommand } from './check-command.js';
import { disconnectDeviceCommand } from './disconnect-command.js';
import { linkDeviceCommand } from './link-command.js';
import { listDevicesCommand } from './ls-command.js';
import { removeDeviceCommand } from './rm-command.js';
import { setWebhookCommand } from './set-webhook-command.js';

export const devicesCommands: Node[] = [
  defineGroup({
    name: 'devices',
    description: 'List, check, disconnect, link, re-point and delete the devices of the account',
    commands: [
      lazy(listDevicesCommand, () => import('./ls.js'), 'listDevices'),
      lazy(checkDeviceCommand, () => import('./check.js'), 'checkDevice'),
      lazy(removeDeviceCommand, () => import('./rm.js'), 'removeDevice'),
      lazy(disconnectDeviceCommand, () => import('./disconnect.js'), 'disconnectDevice'),
      lazy(linkDeviceCommand, () => import('./link.js'), 'linkDevice'),
      lazy(setWebhookCommand, () => import('./set-webhook.js'), 'setWebhook'),
    ],
  }),
];
