// group info|title|invite, user status, name set, webhook on|off: the group and settings operations (E14–E19).
import { Argument, Option, type Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';
import { addCommands } from '../command.js';
import { Context, type GlobalOptions } from '../context.js';
import { userExtensionCommands } from './extensions.js';

const loadGroup = () => import('../actions/group.js');
const loadSettings = () => import('../actions/settings.js');
const GROUP = '120363012345678901@g.us';
const DEVICE_KEY = 'uses --appkey, CHATBOT_APPKEY or the current device';

export function registerGroups(program: Command, io: CliIo): void {
  registerGroup(program, io);
  registerUser(program, io);
  registerName(program, io);
  registerWebhook(program, io);
}

function registerGroup(program: Command, io: CliIo): void {
  const group = program.command('group').description(`Read a group, change its title, get its invite (${DEVICE_KEY})`);
  examples(
    group.command('info').description('Show a group\'s title, description and participants')
      .argument('<id|invite>', `group id (e.g. ${GROUP}), invite link (any http(s) URL, sent as given) or bare invite `
        + 'code (sent as https://chat.whatsapp.com/CODE, the only invite form known)')
      .action(lazyAction(io, loadGroup, 'groupInfo')),
    [`chatbot group info ${GROUP}`, 'chatbot group info https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv --json'],
  );
  examples(
    group.command('title').description('Change a group\'s title')
      .argument('<id>', `group id, e.g. ${GROUP}`)
      .argument('<title>', 'the new title (not empty)')
      .action(lazyAction(io, loadGroup, 'groupTitle')),
    [`chatbot group title ${GROUP} "Clientes VIP"`],
  );
  examples(
    group.command('invite').description('Print the invite link of a group')
      .argument('<id>', `group id, e.g. ${GROUP}`)
      .action(lazyAction(io, loadGroup, 'groupInvite')),
    [`chatbot group invite ${GROUP}`, `link=$(chatbot group invite ${GROUP})`],
  );
}

function registerUser(program: Command, io: CliIo): void {
  const user = program.command('user').description(`Read what the network says about a contact: status, picture, whether a number is on it (${DEVICE_KEY})`);
  examples(
    user.command('status').description('Show a contact\'s status as the service reports it')
      .argument('<phone>', 'phone number in international format, e.g. +5581989769960')
      .action(lazyAction(io, loadSettings, 'userStatus')),
    ['chatbot user status +5581989769960', 'chatbot user status 5581989769960 --json'],
  );
  addCommands(user, userExtensionCommands, (command) => new Context(command.optsWithGlobals<GlobalOptions>(), io));
}

function registerName(program: Command, io: CliIo): void {
  const name = program.command('name').description(`Change the name the device shows on the network (${DEVICE_KEY})`);
  examples(
    name.command('set').description('Change the device\'s name')
      .argument('<new name...>', 'the new name (not empty; several words are joined with spaces)')
      .action(lazyAction(io, loadSettings, 'setName')),
    ['chatbot name set "Loja Centro"', 'chatbot name set Loja Centro --appkey "$APPKEY"'],
  );
}

function registerWebhook(program: Command, io: CliIo): void {
  examples(
    program.command('webhook')
      .description(`Switch the webhook events of chats or of groups on or off for a device (${DEVICE_KEY})`)
      .addArgument(new Argument('<state>', 'on or off').choices(['on', 'off']))
      .addOption(new Option('--type <type>', 'which events: chat (one-to-one chats) or grupo (groups)')
        .choices(['chat', 'grupo']).makeOptionMandatory())
      .option('--device <id>', 'device ID (default: the current device; see `chatbot devices ls`)')
      .action(lazyAction(io, loadSettings, 'webhookSwitch')),
    ['chatbot webhook off --type chat', 'chatbot webhook on --type grupo --device dev_1a2b3c4d'],
  );
}
