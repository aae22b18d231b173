// The commander tree, built from the command definitions of each group's file; a run builds only the group its command
// word names, and handlers load lazily.
import { Command, Option } from 'commander';
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';
import { addCommands } from './command.js';
import { Context, type GlobalOptions } from './context.js';
import { RunState } from './run-state.js';
import { seconds } from './define.js';
import { groupsFor } from './groups.js';

/**
 * Builds the command tree writing to the given streams; its commands run with `run`'s state. With `argv`, only the
 * group its command word belongs to (every group when it names none); without, the whole tree.
 */
export async function buildProgram(
  io: CliIo,
  onError: (message: string) => void,
  run = new RunState(io),
  argv?: readonly string[],
): Promise<Command> {
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
    .addOption(new Option('--timeout <seconds>', 'seconds to wait for the service').argParser(seconds).default(30))
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text) => onError(text.trim()),
    });
  const contextOf = (command: Command) => new Context(command.optsWithGlobals<GlobalOptions>(), run);
  const groups = await groupsFor(argv && commandWord(program, argv));
  for (const group of groups) addCommands(program, group, contextOf);
  return program;
}

/** The first word of `argv` that is neither a global option nor the value of one: the command's name. */
function commandWord(program: Command, argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === '--') return argv[i + 1];
    if (token === undefined || !token.startsWith('-')) return token;
    const option = program.options.find((known) => known.long === token || known.short === token);
    if (option?.required || option?.optional) i++;
  }
  return undefined;
}
