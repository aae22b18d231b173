// Reading a send's values: the flag first, a prompt when interactive, `-` for stdin, and recipients checked.
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import { readAll } from '../io.js';
import { recipient } from '../validate.js';

export type SendOpts = Record<string, unknown>;

/** A string flag's value; when absent, a prompt (or a usage error naming the flag when prompting is off). */
export async function valueOrPrompt(
  ctx: Context, opts: SendOpts, key: string, flag: string, question: string,
): Promise<string> {
  const given = opts[key];
  if (typeof given === 'string') return given;
  return ctx.prompt.text(flag, question);
}

/** A string flag's value, or undefined. */
export function optionalString(opts: SendOpts, key: string): string | undefined {
  const given = opts[key];
  return typeof given === 'string' ? given : undefined;
}

/** Every value of a repeatable flag, in order. */
export function repeated(opts: SendOpts, key: string): string[] {
  const given = opts[key];
  if (Array.isArray(given)) return given.filter((v): v is string => typeof v === 'string');
  return typeof given === 'string' ? [given] : [];
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
export async function messageOf(ctx: Context, opts: SendOpts, question = 'Message'): Promise<string> {
  return textOrStdin(ctx, '--message', await valueOrPrompt(ctx, opts, 'message', '--message', question));
}

/** An optional message (`-` = stdin); undefined when the flag is absent. */
export async function optionalMessageOf(ctx: Context, opts: SendOpts): Promise<string | undefined> {
  const raw = optionalString(opts, 'message');
  return raw === undefined ? undefined : textOrStdin(ctx, '--message', raw);
}

/** The `--to` of a send: a phone number (sent as digits with country code) or a group id. */
export async function recipientOf(ctx: Context, opts: SendOpts): Promise<string> {
  const raw = await valueOrPrompt(ctx, opts, 'to', '--to', 'To (phone number with country code, or group id …@g.us)');
  return recipient('--to', raw);
}

/** A required value that must not be blank after trimming; returned trimmed. */
export async function requiredTrimmed(
  ctx: Context, opts: SendOpts, key: string, flag: string, question: string,
): Promise<string> {
  const value = (await valueOrPrompt(ctx, opts, key, flag, question)).trim();
  if (value === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}
