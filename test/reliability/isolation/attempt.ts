// One misuse attempt: B's request naming something of A's, and the exact refusal the seed or docs/emulator.md give.
import { expect } from 'vitest';
import { expectError, getJson, postJson, show, type Reply } from '../../emulator/e2e/helpers/http.js';
import type { Party, World } from './world.js';

export interface Attempt {
  /** What of A's the request carries, e.g. "A's device id as appkey". */
  what: string;
  path: string;
  /** Control routes that read (outbox, webhooks) are GETs with the fields in the query string. */
  method?: 'GET';
  body: Record<string, unknown>;
  status: number;
  message: string;
  /** verifyOtp's refusal also carries valid: false. */
  valid?: false;
}

export interface Row {
  /** The operation's name (docs/operations.md), or the control route's path. */
  op: string;
  title: string;
  /** Why the row's refusals are not 401/404, or why it checks something else instead. */
  note?: string;
  attempts(world: World): Attempt[];
  /** A further check run after the attempts; returns how many cases it checked. */
  check?(world: World): Promise<number>;
}

export const NO_DEVICE = 'Nenhum dispositivo encontrado.';
export const GROUP_NOT_FOUND = 'Grupo não encontrado.';
export const BAD_AUTHKEY = 'Authkey inválida ou não encontrada.';

/** A's values B must never be shown (unless B itself put them in the request). */
function privateValues(a: Party): string[] {
  return [a.authkey, a.senha, a.groupTitle, a.templateText, a.invite, a.otpCode, a.email, ...a.texts];
}

function request(url: string, attempt: Attempt): Promise<Reply> {
  if (attempt.method !== 'GET') return postJson(url, attempt.path, attempt.body);
  const query = new URLSearchParams(Object.entries(attempt.body).map(([k, v]) => [k, String(v)]));
  return getJson(url, `${attempt.path}?${query.toString()}`);
}

/** Sends the attempt and checks the exact status and message, and that nothing of A's comes back. */
export async function runAttempt(world: World, attempt: Attempt): Promise<void> {
  const reply = await request(world.url, attempt);
  const label = `${attempt.what}: ${show(reply.body)}`;
  expectError(reply, attempt.status, attempt.message);
  if (attempt.valid === false) expect(reply.body.valid, label).toBe(false);
  const sent = JSON.stringify(attempt.body);
  const shown = JSON.stringify(reply.body);
  for (const value of privateValues(world.a).filter((v) => !sent.includes(v))) {
    expect(shown.includes(value), `${label} shows ${value}`).toBe(false);
  }
}

/** The same body sent with B's authkey and, as appkey, each of A's device references in turn. */
export function withAsDevice(world: World, path: string, body: Record<string, unknown>): Attempt[] {
  const { a, b } = world;
  const refs: [string, string][] = [
    ['appkey', a.appkey],
    ['device id', a.deviceId],
    ['device name', a.deviceName],
  ];
  return refs.map(([kind, appkey]) => ({
    what: `A's ${kind} as appkey`,
    path,
    body: { ...body, authkey: b.authkey, appkey },
    status: 404,
    message: NO_DEVICE,
  }));
}
