// schedule cancel, app create, about set, user picture|check, flow reset: the live service beyond the seed.
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';

export const cancelScheduleCommand = defineCommand({
  name: 'cancel',
  description: 'Cancel a scheduled message before it goes out',
  args: [arg('<id>', 'the schedule id `send schedule` printed (agendamento_id)')],
  liveService: '/api/create-message with `cancelarAgendamento`',
  examples: [
    'chatbot schedule cancel agd_1a2b3c4d5e6f7a8b',
    'id=$(chatbot send schedule --to +5581989769960 --in 1h -m Oi --json | jq -r .agendamento_id) && chatbot schedule cancel "$id"',
  ],
});

export const createAppCommand = defineCommand({
  name: 'create',
  description: 'Create another appkey for a device, e.g. one per integration',
  flags: {
    device: flag.text('id|name', 'the device the new appkey sends from', { required: true }),
    name: flag.text('name', 'a name for the app', { required: true }),
    reveal: flag.on('print the new appkey whole (it is masked otherwise)'),
  },
  liveService: '/api/developer with `criarApp`',
  examples: [
    'chatbot app create --device loja-centro --name ERP --reveal',
    'chatbot app create --device dev_1a2b3c4d5e6f7a8b --name Site --json --reveal | jq -r .appkey',
  ],
});

export const setAboutCommand = defineCommand({
  name: 'set',
  description: `Change the device's "about" text`,
  args: [arg('<text>', 'the new about text; - reads it from stdin')],
  liveService: '/api/settings with `editeStatus`',
  examples: ['chatbot about set "Atendimento de 8h às 18h"'],
});

export const userPictureCommand = defineCommand({
  name: 'picture',
  description: "Print the URL of a contact's or group's profile picture",
  args: [arg('<phone|group>', 'phone number in international format, or group id (…@g.us)')],
  liveService: '/api/settings with `obterImagem`',
  examples: ['chatbot user picture +5581989769960', 'curl -sO "$(chatbot user picture +5581989769960)"'],
});

export const userCheckCommand = defineCommand({
  name: 'check',
  description: 'Tell whether a phone number is on the network: exit 0 when it is, 4 when not',
  args: [arg('<phone>', 'phone number in international format')],
  liveService: '/api/settings with `checkDevice`',
  examples: [
    'chatbot user check +5581989769960',
    'chatbot user check +5581989769960 && chatbot send text --to +5581989769960 -m Oi',
  ],
});

export const resetFlowCommand = defineCommand({
  name: 'reset',
  description: "Restart the chatbot flow's conversation with a contact, or with everyone (--all)",
  args: [arg('[phone]', "the contact's phone number in international format")],
  flags: {
    all: flag.on('every contact of the device'),
    yes: flag.on('with --all: do not ask for confirmation (required when not interactive)', { short: 'y' }),
  },
  liveService: '/api/settings with `deleteConversaFluxo`',
  examples: ['chatbot flow reset +5581989769960', 'chatbot flow reset --all --yes'],
});

const load = () => import('../actions/extensions.js');

/** Added under the `user` group (commands/group.ts). */
export const userExtensionCommands: Node[] = [
  lazy(userPictureCommand, load, 'userPicture'),
  lazy(userCheckCommand, load, 'userCheck'),
];

export const extensionCommands: Node[] = [
  defineGroup({
    name: 'schedule',
    description: 'Manage scheduled messages (create them with `send schedule`)',
    commands: [lazy(cancelScheduleCommand, load, 'cancelSchedule')],
  }),
  defineGroup({
    name: 'app',
    description: 'Apps: extra appkeys of a device',
    commands: [lazy(createAppCommand, load, 'createApp')],
  }),
  defineGroup({
    name: 'about',
    description: 'The device\'s "about" text',
    commands: [lazy(setAboutCommand, load, 'setAbout')],
  }),
  defineGroup({
    name: 'flow',
    description: "The chatbot flow's conversations",
    commands: [lazy(resetFlowCommand, load, 'resetFlow')],
  }),
];
