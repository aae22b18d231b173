// The commander tree, built from the command definitions of each folder of src/cli/commands; a run builds only the
// folder its command word names, and handlers load lazily.
import { Command } from 'commander';
import { InternalError } from '../errors.js';
import { VERSION_TEXT } from '../version.js';
import type { CliIo } from './io.js';
import { addCommands, addGlobalFlags } from './command.js';
import { commandsFor } from './command-registry.js';
import { Context, type CliItself } from './context.js';
import { GLOBAL_FLAGS } from './global-flags.js';
import { helpWidthOf, wrapHelpText } from './help-text.js';
import { RunState } from './run-state.js';

export interface ProgramSetup {
  /** The state its commands run with (a new one by default). */
  run?: RunState;
  /** The command line about to be parsed: only the commands its command word needs are built. */
  argv?: readonly string[];
  /** Runs a whole command line (runCli), for the commands that run others (`demo`). */
  runCommandLine?: CliItself['run'];
}

/**
 * Builds the command tree writing to the given streams. With `argv`, only the commands of the folder its command
 * word belongs to (every folder's when it names none); without, the whole tree.
 */
export async function buildProgram(
  io: CliIo,
  onError: (message: string) => void,
  { run = new RunState(io), argv, runCommandLine }: ProgramSetup = {},
): Promise<Command> {
  const program = new Command('chatbot')
    .description('Operate a messaging-network chatbot service from the terminal, or run a local emulator of it')
    .version(VERSION_TEXT, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text) => onError(text.trim()),
    });
  const globalOptions = addGlobalFlags(program, GLOBAL_FLAGS);
  program.addHelpText('afterAll', ({ command }) =>
    command === program ? '' : wrapHelpText(globalFlagsLine(program), helpWidthOf(command)),
  );
  const cli: CliItself = {
    program: (other) => buildProgram(other, () => undefined, runCommandLine ? { runCommandLine } : {}),
    run: runCommandLine ?? notRunnable,
  };
  const contextOf = (command: Command) => new Context(globalOptions(command), run, cli);
  const nodes = await commandsFor(argv && commandWord(program, argv));
  for (const node of nodes) addCommands(program, node, contextOf);
  return program;
}

/** The global flags in one line, for every command's help (the root's lists them with their meaning). */
function globalFlagsLine(program: Command): string {
  const flags = program.options.filter((option) => option.long !== '--version').map((option) => option.flags);
  return `Global flags: ${flags.join(', ')} (\`chatbot --help\` says what each does)`;
}

function notRunnable(): Promise<number> {
  return Promise.reject(new InternalError('this command tree was built without a command-line runner'));
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
