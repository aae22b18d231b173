// chatbot api <path> [-f key=value]... [-F key=value|@file]... [--method M]
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { apiCommand } from './api-command.js';
import type { Context } from '../../context.js';
import { readAll } from '../../io.js';

function split(flag: string, raw: string): [string, string] {
  const at = raw.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} takes key=value; got "${raw}"`);
  return [raw.slice(0, at), raw.slice(at + 1)];
}

/** `-F` values: true/false/null/numbers as JSON, `@file` the file's text, `@-` stdin; anything else a string. */
async function typedValue(ctx: Context, value: string): Promise<unknown> {
  if (value === '@-') return (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  if (value.startsWith('@')) {
    try {
      return (await readFile(value.slice(1), 'utf8')).replace(/\r?\n$/, '');
    } catch {
      throw new UsageError(`-F ${value}: cannot read the file ${value.slice(1)}`);
    }
  }
  if (value === 'true' || value === 'false' || value === 'null' || /^-?\d+(\.\d+)?$/.test(value))
    return JSON.parse(value) as unknown;
  return value;
}

async function fieldsOf(ctx: Context, opts: InputOf<typeof apiCommand>['opts']): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for (const raw of opts.field ?? []) {
    const [key, value] = split('-f', raw);
    fields[key] = value;
  }
  for (const raw of opts.typedField ?? []) {
    const [key, value] = split('-F', raw);
    fields[key] = await typedValue(ctx, value);
  }
  return fields;
}

/** The profile's keys, for the fields not given. */
async function withKeys(ctx: Context, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const settings = await ctx.settings();
  const keys: Record<string, unknown> = {};
  if (!Object.hasOwn(fields, 'authkey') && settings.authkey) keys.authkey = settings.authkey.value;
  if (!Object.hasOwn(fields, 'appkey') && settings.appkey) keys.appkey = settings.appkey.value;
  return { ...keys, ...fields };
}

function queryPath(path: string, fields: Record<string, unknown>): string {
  const query = new URLSearchParams(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const text = query.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

export async function callApi(ctx: Context, { args, opts }: InputOf<typeof apiCommand>): Promise<void> {
  const path = args[0].trim();
  if (!path.startsWith('/'))
    throw new UsageError(
      `<path> must start with / (e.g. /api/create-message); set the service address with --base-url; got "${path}"`,
    );
  const fields = await withKeys(ctx, await fieldsOf(ctx, opts));
  const method = opts.method ?? 'POST';
  const api = await ctx.api();
  const body =
    method === 'GET'
      ? await api.raw(queryPath(path, fields), undefined, 'GET', fields)
      : await api.raw(path, fields, method);
  ctx.out.result(body, () => JSON.stringify(body, null, 2));
}
