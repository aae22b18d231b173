// devices ls, check and rm.
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';

export const listDevicesCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List the devices of the account (* marks the current one); an account without devices lists as empty',
  examples: ['chatbot devices ls', 'chatbot devices ls --json | jq -r ".dispositivos[].id"'],
});

export const checkDeviceCommand = defineCommand({
  name: 'check',
  description:
    'Show whether a device is connected; a connected device saved in the profile becomes current when none is',
  args: [arg('<id|name>', "the device's id or name")],
  examples: [
    'chatbot devices check loja-centro',
    'chatbot devices check dev_1a2b3c4d5e6f7a8b --json | jq .dispositivo.conectado',
  ],
});

export const removeDeviceCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Delete a device from the account and forget it in the profile (asks first)',
  args: [arg('<id|name>', "the device's id or name")],
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot devices rm loja-centro', 'chatbot devices rm dev_1a2b3c4d5e6f7a8b --yes'],
});

export const disconnectDeviceCommand = defineCommand({
  name: 'disconnect',
  description: 'Disconnect a device from its phone; it stays in the account and can be paired again',
  args: [arg('<id|name>', "the device's id, name or appkey")],
  liveService: '/api/developer with `desconectar`',
  examples: ['chatbot devices disconnect loja-centro', 'chatbot devices disconnect dev_1a2b3c4d5e6f7a8b --json'],
});

export const linkDeviceCommand = defineCommand({
  name: 'link',
  description: "Print a shareable link that shows the device's pairing QR code to whoever holds the phone",
  args: [arg('<id|name>', "the device's id, name or appkey")],
  liveService: '/api/developer with `GerenciarLinks=conectar`',
  examples: ['chatbot devices link loja-centro', 'chatbot devices link loja-centro --json | jq -r .link'],
});

export const devicesCommands: Node[] = [
  defineGroup({
    name: 'devices',
    description: 'List, check, disconnect, link and delete the devices of the account',
    commands: [
      lazy(listDevicesCommand, () => import('../actions/devices.js'), 'listDevices'),
      lazy(checkDeviceCommand, () => import('../actions/device-check.js'), 'checkDevice'),
      lazy(removeDeviceCommand, () => import('../actions/device-remove.js'), 'removeDevice'),
      lazy(disconnectDeviceCommand, () => import('../actions/device-extensions.js'), 'disconnectDevice'),
      lazy(linkDeviceCommand, () => import('../actions/device-extensions.js'), 'linkDevice'),
    ],
  }),
];
