// group info|title|invite, user status, name set, webhook on|off: the group and settings operations (E14–E19).
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';
import { userExtensionCommands } from './extensions.js';

const loadGroup = () => import('../actions/group.js');
const loadSettings = () => import('../actions/settings.js');
const GROUP = '120363012345678901@g.us';
const DEVICE_KEY = 'uses --appkey, CHATBOT_APPKEY or the current device';

export const groupInfoCommand = defineCommand({
  name: 'info',
  description: "Show a group's title, description and participants",
  args: [
    arg(
      '<id|invite>',
      `group id (e.g. ${GROUP}), invite link (any http(s) URL, sent as given) or bare invite ` +
        'code (sent as https://chat.whatsapp.com/CODE, the only invite form known)',
    ),
  ],
  examples: [
    `chatbot group info ${GROUP}`,
    'chatbot group info https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv --json',
  ],
});

export const groupTitleCommand = defineCommand({
  name: 'title',
  description: "Change a group's title",
  args: [arg('<id>', `group id, e.g. ${GROUP}`), arg('<title>', 'the new title (not empty)')],
  examples: [`chatbot group title ${GROUP} "Clientes VIP"`],
});

export const groupInviteCommand = defineCommand({
  name: 'invite',
  description: 'Print the invite link of a group',
  args: [arg('<id>', `group id, e.g. ${GROUP}`)],
  examples: [`chatbot group invite ${GROUP}`, `link=$(chatbot group invite ${GROUP})`],
});

export const userStatusCommand = defineCommand({
  name: 'status',
  description: "Show a contact's status as the service reports it",
  args: [arg('<phone>', 'phone number in international format, e.g. +5581989769960')],
  examples: ['chatbot user status +5581989769960', 'chatbot user status 5581989769960 --json'],
});

export const setNameCommand = defineCommand({
  name: 'set',
  description: "Change the device's name",
  args: [arg('<new name...>', 'the new name (not empty; several words are joined with spaces)')],
  examples: ['chatbot name set "Loja Centro"', 'chatbot name set Loja Centro --appkey "$APPKEY"'],
});

export const webhookCommand = defineCommand({
  name: 'webhook',
  description: `Switch the webhook events of chats or of groups on or off for a device (${DEVICE_KEY})`,
  args: [arg('<state>', 'on or off', ['on', 'off'])],
  flags: {
    type: flag.oneOf('type', 'which events: chat (one-to-one chats) or grupo (groups)', ['chat', 'grupo'], {
      required: true,
    }),
    device: flag.text('id', 'device ID (default: the current device; see `chatbot devices ls`)'),
  },
  examples: ['chatbot webhook off --type chat', 'chatbot webhook on --type grupo --device dev_1a2b3c4d'],
});

export const groupCommands: Node[] = [
  defineGroup({
    name: 'group',
    description: `Read a group, change its title, get its invite (${DEVICE_KEY})`,
    commands: [
      lazy(groupInfoCommand, loadGroup, 'groupInfo'),
      lazy(groupTitleCommand, loadGroup, 'groupTitle'),
      lazy(groupInviteCommand, loadGroup, 'groupInvite'),
    ],
  }),
  defineGroup({
    name: 'user',
    description: `Read what the network says about a contact: status, picture, whether a number is on it (${DEVICE_KEY})`,
    commands: [lazy(userStatusCommand, loadSettings, 'userStatus'), ...userExtensionCommands],
  }),
  defineGroup({
    name: 'name',
    description: `Change the name the device shows on the network (${DEVICE_KEY})`,
    commands: [lazy(setNameCommand, loadSettings, 'setName')],
  }),
  lazy(webhookCommand, loadSettings, 'webhookSwitch'),
];
