// Commands as typed data: one definition per command gives its commander options, its --help (with examples), the
// completions, and the typed input of its handler, which is a named export of a module imported only when it runs.
import { Argument, Command, Option } from 'commander';
import type { Context } from './context.js';

/** One flag; `T` is the value its handler reads (`undefined` when the flag may be left out). */
export interface Flag<T> {
  /** Placeholder of the value (`port` shows as `--port <port>`); none for a switch. */
  readonly value?: string;
  readonly description: string;
  /** One letter: `-y` beside `--yes`. */
  readonly short?: string;
  /** `--no-wait`: the handler reads `wait`, true unless the flag is given. */
  readonly negate?: boolean;
  readonly choices?: readonly string[];
  readonly required?: boolean;
  readonly default?: T;
  parse?(value: string, previous: T | undefined): T;
}

/** One positional argument; `T` is what its handler reads. */
export interface Arg<T> {
  /** As commander spells it: `<key>`, `<new name...>`. */
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** Never set: carries `T` for the type of the handler's input. */
  readonly type?: T;
}

type AnyFlag = Flag<unknown>;
type AnyArg = Arg<unknown>;
export type Flags = Readonly<Record<string, AnyFlag>>;
export type Args = readonly AnyArg[];

export interface CommandSpec<F extends Flags = Flags, A extends Args = Args> {
  /** The word typed after the parent command. */
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly description: string;
  readonly args?: A;
  /** Keyed by the name the handler reads: `waitTimeout` is `--wait-timeout`. */
  readonly flags?: F;
  /** More --help text, printed before the examples. */
  readonly helpAfter?: string;
  /** Command lines shown under "Examples:" in --help; at least one. */
  readonly examples: readonly [string, ...string[]];
  /** The command may name a profile the config file does not have yet, and creates it (`register`, `login`). */
  readonly createsProfile?: true;
}

type FlagValue<F> = F extends Flag<infer T> ? T : never;
type ArgValue<A> = A extends Arg<infer T> ? T : never;

/** The values of `flags` by name, typed from their definitions. */
export type FlagValues<F extends Flags> = { [K in keyof F]: FlagValue<F[K]> };

/** What a handler receives: its positional arguments in order and its flags by name, typed from the definition. */
export interface Input<F extends Flags, A extends Args> {
  args: { -readonly [K in keyof A]: ArgValue<A[K]> };
  opts: FlagValues<F>;
}

/** The input of the handler of `command` (a `defineCommand` result). */
export type InputOf<C> = C extends CommandSpec<infer F, infer A> ? Input<F, A> : never;

export type Handler<I> = (ctx: Context, input: I) => Promise<void>;

/** A command bound to its handler: what the command tree is made of. */
export interface Leaf {
  readonly kind: 'command';
  readonly spec: CommandSpec;
  /** Imports the handler's module and runs it. */
  run(ctx: Context, command: Command): Promise<void>;
}

/** A command that only holds subcommands (`config`, `emulator trigger`). */
export interface Group {
  readonly kind: 'group';
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly description: string;
  readonly commands: readonly Node[];
}

export type Node = Leaf | Group;

/** Declares a command; its flags and arguments type the input of its handler (see `lazy`). */
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- no flags: the handler reads none
export function defineCommand<const F extends Flags = Record<never, never>, const A extends Args = []>(
  spec: CommandSpec<F, A>,
): CommandSpec<F, A> {
  return spec;
}

/** Declares a command that only holds subcommands. */
export function defineGroup(group: Omit<Group, 'kind'>): Group {
  return { kind: 'group', ...group };
}

/**
 * Binds `command` to the export `name` of the module `load` imports (only when the command runs). A name the module
 * does not export, or an export whose input does not match the command's flags and arguments, is a compile error.
 */
export function lazy<C extends CommandSpec, N extends string, M extends Record<N, Handler<InputOf<C>>>>(
  command: C,
  load: () => Promise<M>,
  name: N,
): Leaf {
  return {
    kind: 'command',
    spec: command,
    async run(ctx, parsed) {
      const handler = (await load())[name];
      if (command.createsProfile) ctx.allowNewProfile();
      // Commander's parsed values, whose types follow from the definition commander was configured from.
      const input: unknown = { args: parsed.processedArgs, opts: parsed.opts() };
      await handler(ctx, input as InputOf<C>);
    },
  };
}

type Common = { readonly short?: string };
type Needed<T> = { readonly default: T } | { readonly required: true };
type Required = { readonly required: true };

/** `--name`: true when given. */
function on(description: string, options: Common = {}): Flag<true | undefined> {
  return { description, ...options };
}

/** `--no-name`: the handler reads `name`, false when the flag is given. */
function off(description: string): Flag<boolean> {
  return { description, negate: true };
}

/** `--name <value>`: the text as typed. */
function text(value: string, description: string, options: Common & Needed<string>): Flag<string>;
function text(value: string, description: string, options?: Common): Flag<string | undefined>;
function text(
  value: string,
  description: string,
  options: Common & Partial<Needed<string>> = {},
): Flag<string | undefined> {
  return { value, description, ...options };
}

/** `--name <value>` turned into `T` by `parse`, which throws commander's InvalidArgumentError on bad input. */
function parsed<T>(
  value: string,
  description: string,
  parse: (value: string) => T,
  options: Common & Needed<T>,
): Flag<T>;
function parsed<T>(
  value: string,
  description: string,
  parse: (value: string) => T,
  options?: Common,
): Flag<T | undefined>;
function parsed<T>(
  value: string,
  description: string,
  parse: (value: string) => T,
  options: Common & Partial<Needed<T>> = {},
): Flag<T | undefined> {
  return { value, description, parse: (raw: string) => parse(raw), ...options };
}

/** `--name <value>` repeatable: every value in order. */
function many(value: string, description: string, options: Common & Required): Flag<string[]>;
function many(value: string, description: string, options?: Common): Flag<string[] | undefined>;
function many(
  value: string,
  description: string,
  options: Common & Partial<Required> = {},
): Flag<string[] | undefined> {
  return { value, description, parse: collect, ...options };
}

/** `--name <value>` limited to `choices`. */
function oneOf<const C extends readonly string[]>(
  value: string,
  description: string,
  choices: C,
  options: Common & Required,
): Flag<C[number]>;
function oneOf<const C extends readonly string[]>(
  value: string,
  description: string,
  choices: C,
  options?: Common,
): Flag<C[number] | undefined>;
function oneOf(
  value: string,
  description: string,
  choices: readonly string[],
  options: Common & Partial<Required> = {},
): Flag<string | undefined> {
  return { value, description, choices, ...options };
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Flag builders: the handler's type of each flag follows from how it is declared. */
export const flag = { on, off, text, parsed, many, oneOf };

/** A positional argument: `<name>` is one word, `[name]` one word or nothing, `<name...>` every remaining word, `choices` limits it. */
export function arg<const N extends string>(
  name: N,
  description: string,
): Arg<N extends `${string}...>` ? string[] : N extends `[${string}]` ? string | undefined : string>;
export function arg<const C extends readonly string[]>(name: string, description: string, choices: C): Arg<C[number]>;
export function arg(name: string, description: string, choices?: readonly string[]): AnyArg {
  return { name, description, ...(choices ? { choices } : {}) };
}

/**
 * Adds `flags` to `root`, where they apply to every subcommand (the global options), and returns the reader of their
 * values from any command parsed under it.
 */
export function addGlobalFlags<F extends Flags>(root: Command, flags: F): (parsed: Command) => FlagValues<F> {
  for (const [key, definition] of Object.entries(flags)) root.addOption(commanderOption(key, definition));
  // Commander's parsed values, whose types follow from the definitions it was just configured from.
  return (parsed) => parsed.optsWithGlobals<FlagValues<F>>();
}

/** Adds `nodes` under `parent`; each leaf runs with the context `contextOf` makes from its parsed command. */
export function addCommands(parent: Command, nodes: readonly Node[], contextOf: (command: Command) => Context): void {
  for (const node of nodes) {
    if (node.kind === 'group') {
      const group = parent.command(node.name).description(node.description);
      for (const alias of node.aliases ?? []) group.alias(alias);
      addCommands(group, node.commands, contextOf);
    } else {
      addLeaf(parent, node, contextOf);
    }
  }
}

function addLeaf(parent: Command, leaf: Leaf, contextOf: (command: Command) => Context): void {
  const { spec } = leaf;
  const command = parent.command(spec.name).description(spec.description);
  for (const alias of spec.aliases ?? []) command.alias(alias);
  for (const argument of spec.args ?? []) command.addArgument(commanderArgument(argument));
  for (const [key, definition] of Object.entries(spec.flags ?? {})) command.addOption(commanderOption(key, definition));
  if (spec.helpAfter) command.addHelpText('after', spec.helpAfter);
  command.addHelpText('after', `\nExamples:\n${spec.examples.map((l) => `  $ ${l}`).join('\n')}\n`);
  command.action(() => leaf.run(contextOf(command), command));
}

function commanderArgument(definition: AnyArg): Argument {
  const argument = new Argument(definition.name, definition.description);
  return definition.choices ? argument.choices(definition.choices) : argument;
}

/** The commander option of flag `key`: `waitTimeout` is `--wait-timeout`, negated ones `--no-…`. */
export function commanderOption(key: string, definition: AnyFlag): Option {
  const long = `--${definition.negate ? 'no-' : ''}${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const names = [definition.short ? `-${definition.short}` : undefined, long].filter(Boolean).join(', ');
  const option = new Option(definition.value ? `${names} <${definition.value}>` : names, definition.description);
  if (definition.choices) option.choices(definition.choices);
  if (definition.parse) option.argParser(definition.parse.bind(definition));
  if (definition.default !== undefined) option.default(definition.default);
  if (definition.required) option.makeOptionMandatory();
  return option;
}
