// Lookup tables every completion script is rendered from: what follows a command path, and what each flag takes.
import type { CommandSpec, CompletionModel, OptionSpec, ValueKind } from './model.js';

export interface Word {
  word: string;
  description: string;
}

export interface CompletionTables {
  /** Command path → the subcommand names and aliases that may follow it. */
  subcommands: [string, Word[]][];
  /** [path, typed word, canonical name]: how a typed subcommand (or alias) extends the path. */
  resolve: [string, string, string][];
  /** Command path → its own option spellings (the root's include the globals). */
  options: [string, Word[]][];
  /** Option spellings accepted after any subcommand. */
  globals: Word[];
  /**
   * `path|option` for options that take a value (the next word is that value); `*|option` for a global one, which
   * any path accepts.
   */
  valueOptions: string[];
  /** [`path|option` or `*|option`, choices] for options with fixed values; a command's own rows come first. */
  optionChoices: [string, string[]][];
  /** [path, index of the positional argument, choices]. */
  argChoices: [string, number, string[]][];
  /** [`path|option` or `*|option`, kind] for options whose values the shell looks up (file or profile names). */
  valueKinds: [string, ValueKind][];
  /** [path, index of the positional argument, kind] for arguments the shell looks up. */
  argKinds: [string, number, ValueKind][];
}

function kindRows(options: readonly OptionSpec[]): [string, ValueKind][] {
  return options.flatMap((o) => (o.kind ? o.names.map((n): [string, ValueKind] => [n, o.kind as ValueKind]) : []));
}

function optionWords(options: readonly OptionSpec[]): Word[] {
  return options.flatMap((o) => o.names.map((word) => ({ word, description: o.description })));
}

function subcommandWords(command: CommandSpec): Word[] {
  return command.subcommands.flatMap((sub) =>
    [sub.name, ...sub.aliases].map((word) => ({ word, description: sub.description })),
  );
}

function valueNames(options: readonly OptionSpec[]): string[] {
  return options.filter((o) => o.takesValue).flatMap((o) => o.names);
}

function choiceRows(options: readonly OptionSpec[]): [string, string[]][] {
  return options
    .filter((o) => o.choices.length > 0)
    .flatMap((o) => o.names.map((n): [string, string[]] => [n, o.choices]));
}

/** Builds the tables; rows keep the command tree's order, so scripts are stable for a given tree. */
export function completionTables(model: CompletionModel): CompletionTables {
  const commands = model.commands;
  const below = commands.filter((c) => c.path !== '');
  return {
    subcommands: commands.filter((c) => c.subcommands.length > 0).map((c) => [c.path, subcommandWords(c)]),
    resolve: commands.flatMap((c) =>
      c.subcommands.flatMap((sub) =>
        [sub.name, ...sub.aliases].map((w): [string, string, string] => [c.path, w, sub.name]),
      ),
    ),
    options: commands.map((c) => [c.path, optionWords(c.options)]),
    globals: optionWords(model.globals),
    valueOptions: [
      ...below.flatMap((c) => valueNames(c.options).map((n) => `${c.path}|${n}`)),
      ...valueNames(model.globals).map((n) => `*|${n}`),
    ],
    optionChoices: [
      ...below.flatMap((c) => choiceRows(c.options).map(([n, ch]): [string, string[]] => [`${c.path}|${n}`, ch])),
      ...choiceRows(model.globals).map(([n, ch]): [string, string[]] => [`*|${n}`, ch]),
    ],
    argChoices: commands.flatMap((c) =>
      c.argChoices.flatMap((choices, index): [string, number, string[]][] =>
        choices.length > 0 ? [[c.path, index, choices]] : [],
      ),
    ),
    valueKinds: [
      ...below.flatMap((c) => kindRows(c.options).map(([n, kind]): [string, ValueKind] => [`${c.path}|${n}`, kind])),
      ...kindRows(model.globals).map(([n, kind]): [string, ValueKind] => [`*|${n}`, kind]),
    ],
    argKinds: commands.flatMap((c) =>
      c.argKinds.flatMap((kind, index): [string, number, ValueKind][] => (kind ? [[c.path, index, kind]] : [])),
    ),
  };
}
