// The commander tree, built from the command definitions of each group's file; handlers load lazily.
import { Command, Option } from 'commander';
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';
import { addCommands, type Node } from './command.js';
import { Context, type GlobalOptions } from './context.js';
import { RunState } from './run-state.js';
import { seconds } from './define.js';
import { accountCommands } from './commands/account.js';
import { configCommands } from './commands/config.js';
import { devicesCommands } from './commands/devices.js';
import { emulatorCommands } from './commands/emulator.js';
import { pairCommands } from './commands/pair.js';
import { sendCommands } from './commands/send.js';
import { groupCommands } from './commands/group.js';
import { completionCommands } from './commands/completion.js';
import { listenCommands } from './commands/listen.js';
import { demoCommands } from './commands/demo.js';
import { apiCommands } from './commands/api.js';
import { extensionCommands } from './commands/extensions.js';

/** Every command group, in the order --help lists them. */
export const GROUPS: (readonly Node[])[] = [
  accountCommands,
  pairCommands,
  devicesCommands,
  sendCommands,
  extensionCommands,
  groupCommands,
  listenCommands,
  configCommands,
  emulatorCommands,
  apiCommands,
  completionCommands,
  demoCommands,
];

/** Builds the whole command tree writing to the given streams; its commands run with `run`'s state. */
export function buildProgram(io: CliIo, onError: (message: string) => void, run = new RunState(io)): Command {
  const program = new Command('chatbot')
    .description('Operate a messaging-network chatbot service from the terminal, or run a local emulator of it')
    .version(VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .addOption(new Option('--json', 'print the result as exactly one JSON document on stdout'))
    .addOption(
      new Option(
        '--jq <expression>',
        'print what this jq filter makes of the --json document (strings raw); implies --json',
      ),
    )
    .addOption(new Option('--dry-run', 'print the request that would be sent (keys masked) and send nothing'))
    .addOption(new Option('--no-input', 'never prompt; a missing value is an error naming its flag'))
    .addOption(new Option('--no-color', 'no colours (also NO_COLOR or TERM=dumb)'))
    .addOption(new Option('--profile <name>', 'profile to use (env CHATBOT_PROFILE; default "default")'))
    .addOption(new Option('--base-url <url>', 'service address (env CHATBOT_BASE_URL; default http://127.0.0.1:8484)'))
    .addOption(new Option('--authkey <key>', "account key (env CHATBOT_AUTHKEY; default: the profile's)"))
    .addOption(new Option('--appkey <key>', 'device key for messaging (env CHATBOT_APPKEY; default: current device)'))
    .addOption(
      new Option(
        '--timeout <seconds>',
        "seconds the whole command may wait for the service, retries included (pair's wait: --wait-timeout; --batch rows, listen forwards: each)",
      )
        .argParser(seconds)
        .default(30),
    )
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text) => onError(text.trim()),
    });
  const contextOf = (command: Command) => new Context(command.optsWithGlobals<GlobalOptions>(), run);
  for (const group of GROUPS) addCommands(program, group, contextOf);
  return program;
}
