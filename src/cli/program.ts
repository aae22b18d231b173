// The commander tree, built from the command definitions of each group's file; a run builds only the group its command
// word names, and handlers load lazily.
import { Command } from 'commander';
import { VERSION_TEXT } from '../version.js';
import type { CliIo } from './io.js';
import { addCommands, addGlobalFlags } from './command.js';
import { Context } from './context.js';
import { GLOBAL_FLAGS } from './global-flags.js';
import { RunState } from './run-state.js';
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
  const contextOf = (command: Command) => new Context(globalOptions(command), run);
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
