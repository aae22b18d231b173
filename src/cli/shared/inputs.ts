// Reading a send's values: the flag first, a prompt when interactive, `-` for stdin, and recipients checked.
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import { readAll } from '../io.js';
import { recipient } from './validate.js';

/** A command's flags that include text flag `K` (typed from its definition, so `key` is checked too). */
export type TextFlags<K extends string> = { readonly [P in K]?: string | undefined };

/** A string flag's value; when absent, a prompt (or a usage error naming the flag when prompting is off). */
export async function valueOrPrompt<K extends string>(
  ctx: Context,
  opts: TextFlags<K>,
  key: K,
  flag: string,
  question: string,
): Promise<string> {
  return opts[key] ?? ctx.prompt.text(flag, question);
}

/** Text of a message flag: `-` reads all of stdin (without its final newline); blank text is refused. */
export async function textOrStdin(ctx: Context, flag: string, raw: string): Promise<string> {
  const text = raw === '-' ? (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '') : raw;
  if (text.trim() === '') {
    throw new UsageError(`${flag} must not be empty${raw === '-' ? ' (stdin was empty)' : ''}`);
  }
  return text;
}

/** The required message of a send (`--message`, `-` = stdin), prompted for when interactive. */
export async function messageOf(ctx: Context, opts: TextFlags<'message'>, question = 'Message'): Promise<string> {
  return textOrStdin(ctx, '--message', await valueOrPrompt(ctx, opts, 'message', '--message', question));
}

/** An optional message (`-` = stdin); undefined when the flag is absent. */
export async function optionalMessageOf(ctx: Context, opts: TextFlags<'message'>): Promise<string | undefined> {
  const raw = opts.message;
  return raw === undefined ? undefined : textOrStdin(ctx, '--message', raw);
}

/** The `--to` of a send: a phone number (sent as digits with country code) or a group id. */
export async function recipientOf(ctx: Context, opts: TextFlags<'to'>): Promise<string> {
  const raw = await valueOrPrompt(ctx, opts, 'to', '--to', 'To (phone number with country code, or group id …@g.us)');
  return recipient('--to', raw);
}

/** A required value that must not be blank after trimming; returned trimmed. */
export async function requiredTrimmed<K extends string>(
  ctx: Context,
  opts: TextFlags<K>,
  key: K,
  flag: string,
  question: string,
): Promise<string> {
  const value = (await valueOrPrompt(ctx, opts, key, flag, question)).trim();
  if (value === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}
