// The command tree as completion scripts need it, read from the commander Command objects.
import type { Command, Option } from 'commander';

export interface OptionSpec {
  /** Every spelling: `-y`, `--yes`. */
  names: string[];
  takesValue: boolean;
  /** Fixed values (commander `.choices()`), empty when the value is free. */
  choices: string[];
  /** Values the shell looks up: file names (a `<file>` or `<url|path>` value), or the config file's profile names. */
  kind?: ValueKind;
  description: string;
}

export type ValueKind = 'file' | 'profile';

export interface CommandSpec {
  /** Canonical names from the root, space-separated; '' for the root. */
  path: string;
  name: string;
  aliases: string[];
  description: string;
  /** The command's own options (the root's include the global ones) and its help flag. */
  options: OptionSpec[];
  /** Fixed values of each positional argument, in order; empty when an argument is free. */
  argChoices: string[][];
  /** What each positional argument names, when the shell can look it up (`profile use <name>`: a profile). */
  argKinds: (ValueKind | undefined)[];
  subcommands: CommandSpec[];
}

export interface CompletionModel {
  root: CommandSpec;
  /** Options of the root that are accepted after any subcommand too (commander parses them anywhere). */
  globals: OptionSpec[];
  /** Every command, the root first, depth first. */
  commands: CommandSpec[];
}

/** The kind of an option's value, read from its placeholder: `<file>` and `<url|path>` name files. */
function optionKind(option: Option): ValueKind | undefined {
  if (option.long === '--profile') return 'profile';
  return /<(file|url\|path)>/.test(option.flags) ? 'file' : undefined;
}

function optionSpec(option: Option): OptionSpec {
  const kind = optionKind(option);
  return {
    names: [option.short, option.long].filter((n): n is string => typeof n === 'string'),
    takesValue: option.required || option.optional,
    choices: [...(option.argChoices ?? [])],
    ...(kind ? { kind } : {}),
    description: firstLine(option.description),
  };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

function commandSpec(command: Command, parentPath: string | undefined): CommandSpec {
  const path = parentPath === undefined ? '' : [parentPath, command.name()].filter(Boolean).join(' ');
  const help = command.createHelp();
  return {
    path,
    name: command.name(),
    aliases: command.aliases(),
    description: firstLine(command.description()),
    options: help.visibleOptions(command).map(optionSpec),
    argChoices: command.registeredArguments.map((argument) => [...(argument.argChoices ?? [])]),
    // The `<name>` of `profile use` and `profile rm` is a profile.
    argKinds: command.registeredArguments.map((argument) =>
      parentPath === 'profile' && argument.name() === 'name' ? 'profile' : undefined,
    ),
    // visibleCommands() also lists commander's implicit `help` command, which is not part of the tree.
    subcommands: help
      .visibleCommands(command)
      .filter((c) => command.commands.includes(c))
      .map((c) => commandSpec(c, path)),
  };
}

function flatten(command: CommandSpec): CommandSpec[] {
  return [command, ...command.subcommands.flatMap(flatten)];
}

/** Reads the whole tree; the version flag stays a root-only option, the help flag belongs to every command. */
export function completionModel(program: Command): CompletionModel {
  const root = commandSpec(program, undefined);
  const globals = program.options.filter((o) => !o.hidden && o.long !== '--version').map(optionSpec);
  return { root, globals, commands: flatten(root) };
}
