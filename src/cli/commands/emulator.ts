// The local emulator of the service: `emulator start`, the control commands that stand in for the network, and
// `emulator trigger` for incoming events.
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';
import { port, seconds } from '../flag-parsers.js';
import { DEFAULT_EMULATOR_PORT } from '../../defaults.js';
import { emulatorTestingCommands } from './emulator-testing.js';

const loadControl = () => import('../actions/emulator-control.js');
const loadTrigger = () => import('../actions/emulator-trigger.js');
const FOR_DEVICE = 'for the device of --appkey, CHATBOT_APPKEY or the current device';
const FROM = '--from +5521998765432';

export const emulatorStartCommand = defineCommand({
  name: 'start',
  description: 'Run the emulator in the foreground until Ctrl-C',
  flags: {
    port: flag.parsed('port', 'port to listen on (0 = any free port)', port, { default: DEFAULT_EMULATOR_PORT }),
    host: flag.text('host', 'address to listen on', { default: '127.0.0.1' }),
    db: flag.text(
      'file',
      'SQLite database file, created readable by you only, or :memory: to keep nothing (default: in the user data dir)',
    ),
    tz: flag.text('zone', 'time zone of scheduled times (IANA name)', { default: 'America/Sao_Paulo' }),
    autoConnect: flag.parsed('seconds', 'devices connect by themselves this long after pairing', seconds),
    corsOrigin: flag.many(
      'origin',
      'only this origin (e.g. https://painel.exemplo.com) may call from a browser page; default: any (repeatable)',
    ),
    requireConnected: flag.on('every send to a device that is not connected fails with 404 (default: polls only)'),
    quiet: flag.on('do not log each request', { short: 'q' }),
  },
  examples: [
    'chatbot emulator start',
    'chatbot emulator start --port 0 --db :memory: --auto-connect 2',
    'chatbot emulator start --cors-origin http://localhost:3000',
  ],
});

export const emulatorConnectCommand = defineCommand({
  name: 'connect',
  description: 'Complete the pairing of a device, as if its phone had scanned the code',
  args: [arg('<device>', 'the appkey pairing returned, or the name or id of a device saved in the profile')],
  flags: { phone: flag.text('number', 'the phone number the device turns out to have, in international format') },
  examples: ['chatbot emulator connect loja-centro', 'chatbot emulator connect "$APPKEY" --phone +5581989769960'],
});

export const emulatorGroupCommand = defineCommand({
  name: 'group',
  description: `Create a group ${FOR_DEVICE}; prints its id and invite link`,
  flags: {
    title: flag.text('title', "the group's title", { required: true }),
    description: flag.text('text', "the group's description"),
    participant: flag.many('phone[:admin]', 'a member, with :admin for an administrator (repeatable)'),
  },
  examples: [
    'chatbot emulator group --title "Clientes" --participant +5581989769960:admin --participant +5521998765432',
  ],
});

export const emulatorTemplateCommand = defineCommand({
  name: 'template',
  description: "Create a message template for the account of the profile's authkey",
  flags: { text: flag.text('text', 'template text; {{name}} marks a variable', { required: true }) },
  examples: ['chatbot emulator template --text "Olá {{nome}}, seu pedido {{pedido}} saiu para entrega"'],
});

export const emulatorOtpCommand = defineCommand({
  name: 'otp',
  description: `Issue a one-time code sent to a number ${FOR_DEVICE}; prints the code`,
  flags: { to: flag.text('phone', 'the number the code goes to, in international format', { required: true }) },
  examples: ['chatbot emulator otp --to +5581989769960', 'code=$(chatbot emulator otp --to +5581989769960)'],
});

export const emulatorOutboxCommand = defineCommand({
  name: 'outbox',
  description: `List every message that went out ${FOR_DEVICE}`,
  examples: ['chatbot emulator outbox', 'chatbot emulator outbox --appkey "$APPKEY" --json'],
});

export const emulatorResetCommand = defineCommand({
  name: 'reset',
  description: 'Erase every account, device, group and message in the emulator',
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot emulator reset --yes'],
});

/** The flags every trigger shares: who writes, where, and free payload overrides. */
const ORIGIN = {
  from: flag.text('phone', 'the contact who acts, in international format', { required: true }),
  group: flag.text(
    'id',
    'id of the group the contact acts in (e.g. 120363012345678901@g.us); default: a one-to-one chat',
  ),
  name: flag.text('name', "the contact's display name"),
  set: flag.many('key=value', 'override or add a payload field; key:=JSON for a non-string value (repeatable)'),
};

export const triggerTextCommand = defineCommand({
  name: 'text',
  description: 'A contact sends the device a text',
  flags: { ...ORIGIN, text: flag.text('text', 'the text', { required: true }) },
  examples: [`chatbot emulator trigger text ${FROM} --text "Oi, tudo bem?"`],
});

export const triggerButtonCommand = defineCommand({
  name: 'button',
  description: 'A contact clicks a reply button of a message the device sent',
  flags: {
    ...ORIGIN,
    messageId: flag.text('id', 'id of the message with the buttons', { required: true }),
    option: flag.text('id|text', 'the button clicked: its id or its text', { required: true }),
  },
  examples: [`chatbot emulator trigger button ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Sim`],
});

export const triggerPollVoteCommand = defineCommand({
  name: 'poll-vote',
  description: 'A contact votes on a poll the device sent',
  flags: {
    ...ORIGIN,
    messageId: flag.text('id', 'id of the poll message', { required: true }),
    option: flag.many('name', 'an option chosen (repeatable on a multiple-choice poll)', { required: true }),
  },
  examples: [`chatbot emulator trigger poll-vote ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Pizza`],
});

export const triggerReactionCommand = defineCommand({
  name: 'reaction',
  description: 'A contact reacts to a message',
  flags: {
    ...ORIGIN,
    messageId: flag.text('id', 'id of the message reacted to', { required: true }),
    emoji: flag.text('emoji', 'the reaction emoji, or "remove" to take it back', { required: true }),
  },
  examples: [`chatbot emulator trigger reaction ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --emoji 👍`],
});

export const triggerLocationCommand = defineCommand({
  name: 'location',
  description: 'A contact shares a location with the device',
  flags: {
    ...ORIGIN,
    lat: flag.text('degrees', 'latitude, -90 to 90', { required: true }),
    lng: flag.text('degrees', 'longitude, -180 to 180', { required: true }),
    text: flag.text('text', 'text sent with the location'),
  },
  examples: [`chatbot emulator trigger location ${FROM} --lat -8.0476 --lng -34.877`],
});

export const emulatorWebhooksCommand = defineCommand({
  name: 'webhooks',
  description: `Show the webhook queue ${FOR_DEVICE}: each event's state, attempts and last error`,
  flags: { state: flag.oneOf('state', 'only the deliveries in this state', ['pending', 'delivered', 'failed']) },
  examples: ['chatbot emulator webhooks', 'chatbot emulator webhooks --state failed --json'],
});

export const emulatorCommands: Node[] = [
  defineGroup({
    name: 'emulator',
    description: 'Run and drive a local emulator of the whole service',
    commands: [
      lazy(emulatorStartCommand, () => import('../actions/emulator.js'), 'startEmulatorCommand'),
      lazy(emulatorConnectCommand, loadControl, 'emulatorConnect'),
      lazy(emulatorGroupCommand, loadControl, 'emulatorGroup'),
      lazy(emulatorTemplateCommand, loadControl, 'emulatorTemplate'),
      lazy(emulatorOtpCommand, loadControl, 'emulatorOtp'),
      lazy(emulatorOutboxCommand, loadControl, 'emulatorOutbox'),
      lazy(emulatorWebhooksCommand, loadControl, 'emulatorWebhooks'),
      lazy(emulatorResetCommand, loadControl, 'emulatorReset'),
      defineGroup({
        name: 'trigger',
        description: 'Make a contact write, click, vote, react or share a location to the device of --appkey',
        commands: [
          lazy(triggerTextCommand, loadTrigger, 'triggerText'),
          lazy(triggerButtonCommand, loadTrigger, 'triggerButton'),
          lazy(triggerPollVoteCommand, loadTrigger, 'triggerPollVote'),
          lazy(triggerReactionCommand, loadTrigger, 'triggerReaction'),
          lazy(triggerLocationCommand, loadTrigger, 'triggerLocation'),
        ],
      }),
      ...emulatorTestingCommands,
    ],
  }),
];
