// Commands as typed data: one definition per command gives its commander options, its --help (with examples), the
// completions, and the typed input of its handler, which is a named export of a module imported only when it runs.
import { Argument, Command, Option } from 'commander';
import type { Context } from './context.js';
import { longFlag, type AnyArg, type AnyFlag, type Arg, type Args, type FlagValues, type Flags } from './flags.js';
import { helpWidthOf, wrapHelpText } from './help-text.js';
import { describedCommand, describedFlag, extensionHelp } from './extension-note.js';

export interface CommandSpec<F extends Flags = Flags, A extends Args = Args> {
  /** The word typed after the parent command. */
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly description: string;
  readonly args?: A;
  /** Keyed by the name the handler reads: `waitTimeout` is `--wait-timeout`. */
  readonly flags?: F;
  /** More --help text, printed before the examples (after the real-service note, if any). */
  readonly helpAfter?: string;
  /**
   * The real service's operation the command is built on, when the service's published reference has none, e.g.
   * '/api/developer with `desconectar`': --help marks the command `[extension]` and names the operation.
   */
  readonly extension?: string;
  /** Command lines shown under "Examples:" in --help; at least one. */
  readonly examples: readonly [string, ...string[]];
  /** The command may name a profile the config file does not have yet, and creates it (`register`, `login`). */
  readonly createsProfile?: true;
}

type ArgValue<A> = A extends Arg<infer T> ? T : never;

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
  const command = parent.command(spec.name).description(describedCommand(spec));
  for (const alias of spec.aliases ?? []) command.alias(alias);
  for (const argument of spec.args ?? []) command.addArgument(commanderArgument(argument));
  for (const [key, definition] of Object.entries(spec.flags ?? {})) command.addOption(commanderOption(key, definition));
  const after = `${extensionHelp(spec) ?? ''}${spec.helpAfter ?? ''}`.trim();
  if (after) command.addHelpText('after', ({ command: shown }) => `\n${wrapHelpText(after, helpWidthOf(shown))}`);
  command.addHelpText('after', `\nExamples:\n${spec.examples.map((l) => `  $ ${l}`).join('\n')}\n`);
  command.action(() => leaf.run(contextOf(command), command));
}

function commanderArgument(definition: AnyArg): Argument {
  const argument = new Argument(definition.name, definition.description);
  return definition.choices ? argument.choices(definition.choices) : argument;
}

/** The commander option of flag `key`: `waitTimeout` is `--wait-timeout`, negated ones `--no-…`. */
export function commanderOption(key: string, definition: AnyFlag): Option {
  const names = [definition.short ? `-${definition.short}` : undefined, longFlag(key, definition)].filter(Boolean);
  const flags = names.join(', ');
  const option = new Option(definition.value ? `${flags} <${definition.value}>` : flags, describedFlag(definition));
  if (definition.choices) option.choices(definition.choices);
  if (definition.parse) option.argParser(definition.parse.bind(definition));
  if (definition.default !== undefined) option.default(definition.default);
  if (definition.required) option.makeOptionMandatory();
  return option;
}
