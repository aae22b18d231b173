// The local emulator of the service: `emulator start`, the control commands that stand in for the network, and
// `emulator trigger` for incoming events.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { addCommands, defineCommand, flag, lazy } from '../command.js';
import { Context, type GlobalOptions } from '../context.js';
import { collect, examples, lazyAction, port, seconds } from '../define.js';
import { DEFAULT_EMULATOR_PORT } from '../../defaults.js';

const loadControl = () => import('../actions/emulator-control.js');
const FOR_DEVICE = 'for the device of --appkey, CHATBOT_APPKEY or the current device';

export function registerEmulator(program: Command, io: CliIo): void {
  const emulator = program.command('emulator').description('Run and drive a local emulator of the whole service');
  examples(
    emulator
      .command('start')
      .description('Run the emulator in the foreground until Ctrl-C')
      .option('--port <port>', 'port to listen on (0 = any free port)', port, DEFAULT_EMULATOR_PORT)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--db <path>', 'SQLite database file, created readable by you only, or :memory: to keep nothing (default: in the user data dir)')
      .option('--tz <zone>', 'time zone of scheduled times (IANA name)', 'America/Sao_Paulo')
      .option('--auto-connect <seconds>', 'devices connect by themselves this long after pairing', seconds)
      .option('-q, --quiet', 'do not log each request')
      .action(lazyAction(io, () => import('../actions/emulator.js'), 'startEmulatorCommand')),
    ['chatbot emulator start', 'chatbot emulator start --port 0 --db :memory: --auto-connect 2'],
  );
  registerControl(emulator, io);
  registerTrigger(emulator, io);
}

export const emulatorWebhooksCommand = defineCommand({
  name: 'webhooks',
  description: `Show the webhook queue ${FOR_DEVICE}: each event's state, attempts and last error`,
  flags: { state: flag.oneOf('state', 'only the deliveries in this state', ['pending', 'delivered', 'failed']) },
  examples: ['chatbot emulator webhooks', 'chatbot emulator webhooks --state failed --json'],
});

function registerControl(emulator: Command, io: CliIo): void {
  examples(
    emulator.command('connect').description('Complete the pairing of a device, as if its phone had scanned the code')
      .argument('<device>', 'the appkey pairing returned, or the name or id of a device saved in the profile')
      .option('--phone <number>', 'the phone number the device turns out to have, in international format')
      .action(lazyAction(io, loadControl, 'emulatorConnect')),
    ['chatbot emulator connect loja-centro', 'chatbot emulator connect "$APPKEY" --phone +5581989769960'],
  );
  examples(
    emulator.command('group').description(`Create a group ${FOR_DEVICE}; prints its id and invite link`)
      .requiredOption('--title <title>', 'the group\'s title')
      .option('--description <text>', 'the group\'s description')
      .option('--participant <phone[:admin]>', 'a member, with :admin for an administrator (repeatable)', collect)
      .action(lazyAction(io, loadControl, 'emulatorGroup')),
    ['chatbot emulator group --title "Clientes" --participant +5581989769960:admin --participant +5521998765432'],
  );
  examples(
    emulator.command('template').description('Create a message template for the account of the profile\'s authkey')
      .requiredOption('--text <text>', 'template text; {{name}} marks a variable')
      .action(lazyAction(io, loadControl, 'emulatorTemplate')),
    ['chatbot emulator template --text "Olá {{nome}}, seu pedido {{pedido}} saiu para entrega"'],
  );
  examples(
    emulator.command('otp').description(`Issue a one-time code sent to a number ${FOR_DEVICE}; prints the code`)
      .requiredOption('--to <phone>', 'the number the code goes to, in international format')
      .action(lazyAction(io, loadControl, 'emulatorOtp')),
    ['chatbot emulator otp --to +5581989769960', 'code=$(chatbot emulator otp --to +5581989769960)'],
  );
  examples(
    emulator.command('outbox').description(`List every message that went out ${FOR_DEVICE}`)
      .action(lazyAction(io, loadControl, 'emulatorOutbox')),
    ['chatbot emulator outbox', 'chatbot emulator outbox --appkey "$APPKEY" --json'],
  );
  addCommands(
    emulator,
    [lazy(emulatorWebhooksCommand, loadControl, 'emulatorWebhooks')],
    (command) => new Context(command.optsWithGlobals<GlobalOptions>(), io),
  );
  examples(
    emulator.command('reset').description('Erase every account, device, group and message in the emulator')
      .option('-y, --yes', 'do not ask for confirmation (required when not interactive)')
      .action(lazyAction(io, loadControl, 'emulatorReset')),
    ['chatbot emulator reset --yes'],
  );
}

const loadTrigger = () => import('../actions/emulator-trigger.js');
const FROM = '--from +5521998765432';

/** The flags every trigger shares: who writes, where, and free payload overrides. */
function withOrigin(command: Command): Command {
  return command
    .requiredOption('--from <phone>', 'the contact who acts, in international format')
    .option('--group <id>', 'id of the group the contact acts in (e.g. 120363012345678901@g.us); default: a one-to-one chat')
    .option('--name <name>', 'the contact\'s display name')
    .option('--set <key=value>', 'override or add a payload field; key:=JSON for a non-string value (repeatable)', collect);
}

function registerTrigger(emulator: Command, io: CliIo): void {
  const trigger = emulator.command('trigger')
    .description('Make a contact write, click, vote, react or share a location to the device of --appkey');
  examples(
    withOrigin(trigger.command('text').description('A contact sends the device a text'))
      .requiredOption('--text <text>', 'the text')
      .action(lazyAction(io, loadTrigger, 'triggerText')),
    [`chatbot emulator trigger text ${FROM} --text "Oi, tudo bem?"`],
  );
  examples(
    withOrigin(trigger.command('button').description('A contact clicks a reply button of a message the device sent'))
      .requiredOption('--message-id <id>', 'id of the message with the buttons')
      .requiredOption('--option <id|text>', 'the button clicked: its id or its text')
      .action(lazyAction(io, loadTrigger, 'triggerButton')),
    [`chatbot emulator trigger button ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Sim`],
  );
  examples(
    withOrigin(trigger.command('poll-vote').description('A contact votes on a poll the device sent'))
      .requiredOption('--message-id <id>', 'id of the poll message')
      .requiredOption('--option <name>', 'an option chosen (repeatable on a multiple-choice poll)', collect)
      .action(lazyAction(io, loadTrigger, 'triggerPollVote')),
    [`chatbot emulator trigger poll-vote ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Pizza`],
  );
  examples(
    withOrigin(trigger.command('reaction').description('A contact reacts to a message'))
      .requiredOption('--message-id <id>', 'id of the message reacted to')
      .requiredOption('--emoji <emoji>', 'the reaction emoji, or "remove" to take it back')
      .action(lazyAction(io, loadTrigger, 'triggerReaction')),
    [`chatbot emulator trigger reaction ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --emoji 👍`],
  );
  examples(
    withOrigin(trigger.command('location').description('A contact shares a location with the device'))
      .requiredOption('--lat <degrees>', 'latitude, -90 to 90')
      .requiredOption('--lng <degrees>', 'longitude, -180 to 180')
      .option('--text <text>', 'text sent with the location')
      .action(lazyAction(io, loadTrigger, 'triggerLocation')),
    [`chatbot emulator trigger location ${FROM} --lat -8.0476 --lng -34.877`],
  );
}
