// Helpers for declaring commands: lazy handlers, examples in --help, option parsers.
import { InvalidArgumentError, type Command } from 'commander';
import { Context, type GlobalOptions } from './context.js';
import type { CliIo } from './io.js';

export interface HandlerInput {
  args: string[];
  opts: Record<string, unknown>;
}

export type Handler = (ctx: Context, input: HandlerInput) => Promise<void>;

type Loader = () => Promise<Record<string, unknown>>;

/** Binds a command to a handler that is imported only when the command runs. */
export function lazyAction(io: CliIo, load: Loader, name: string) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    const opts = command.opts();
    const globals = command.optsWithGlobals<GlobalOptions>();
    const args = command.processedArgs.flat().filter((a): a is string => typeof a === 'string');
    const module = await load();
    const handler = module[name] as Handler;
    await handler(new Context(globals, io), { args, opts });
  };
}

/** Adds an "Examples:" block to a command's --help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/** Parses a positive number of seconds. */
export function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number of seconds');
  return parsed;
}

/** Parses a TCP port (0 = any free port). */
export function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  }
  return parsed;
}

/** Collects a repeatable option into an array. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
