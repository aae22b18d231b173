// Flags and positional arguments as typed data, and their builders: how a flag is declared decides the type its
// handler reads. Command definitions (command.ts) and the global options (global-flags.ts) are made of them.

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
  /** The real service's operation the flag switches to, when the service's published reference has none. */
  readonly extension?: string;
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

export type AnyFlag = Flag<unknown>;
export type AnyArg = Arg<unknown>;
export type Flags = Readonly<Record<string, AnyFlag>>;
export type Args = readonly AnyArg[];

type FlagValue<F> = F extends Flag<infer T> ? T : never;

/** The values of `flags` by name, typed from their definitions. */
export type FlagValues<F extends Flags> = { [K in keyof F]: FlagValue<F[K]> };

type Common = { readonly short?: string; readonly extension?: string };
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

/**
 * A positional argument: `<name>` is one word, `[name]` one word or nothing, `<name...>` every remaining word (at
 * least one), `[name...]` every remaining word (maybe none), `choices` limits it.
 */
export function arg<const N extends string>(
  name: N,
  description: string,
): Arg<N extends `${string}...>` | `${string}...]` ? string[] : N extends `[${string}]` ? string | undefined : string>;
export function arg<const C extends readonly string[]>(name: string, description: string, choices: C): Arg<C[number]>;
export function arg(name: string, description: string, choices?: readonly string[]): AnyArg {
  return { name, description, ...(choices ? { choices } : {}) };
}

/** The long name of flag `key` as typed: `waitTimeout` is `--wait-timeout`, negated ones `--no-…`. */
export function longFlag(key: string, definition: AnyFlag): string {
  return `--${definition.negate ? 'no-' : ''}${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
