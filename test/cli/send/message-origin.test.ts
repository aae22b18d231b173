// Where each sent message came from, kept with it: a send of the chatbot CLI (its own User-Agent) is `cli`, one of any
// other client of the service (a bot) is `api`; the chat's records (GET /__emulator/chat) and the live stream's
// `message` events carry it as `origem`, so the console's export can leave the CLI's sends out.
import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../src/emulator/testing/index.js';
import type { ChatMessage } from '../../../src/emulator/control/types.js';
import { PHONE, PHONE_DIGITS, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

/** A send as a bot makes it: a plain POST to the service with its own User-Agent. */
async function botSends(message: string, userAgent?: string): Promise<string> {
  const response = await fetch(`${t.emulator.url}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(userAgent ? { 'user-agent': userAgent } : {}) },
    body: JSON.stringify({ authkey: t.dev.authkey, appkey: t.dev.appkey, to: PHONE_DIGITS, message }),
  });
  const body = (await response.json()) as { id?: string };
  if (typeof body.id !== 'string') throw new Error(`the send failed: ${JSON.stringify(body)}`);
  return body.id;
}

describe('a sent message keeps where it came from', () => {
  it('the CLI is cli, a bot is api, in the chat and in the live stream', async () => {
    const control = new ControlClient(t.emulator.url);
    const stream = control.events({ resume: true })[Symbol.asyncIterator]();
    expect((await stream.next()).value?.type).toBe('snapshot');
    const seen = new Map<string, ChatMessage>();
    const byCli = idInLine((await t.dev.run(['send', 'text', '--to', PHONE, '--message', 'à mão'])).stdout);
    const byBot = await botSends('do bot');
    const byPython = await botSends('do bot em Python', 'python-requests/2.31.0');
    while (![byCli, byBot, byPython].every((id) => id !== undefined && seen.has(id))) {
      const next = await stream.next();
      if (next.done) break;
      if (next.value.type === 'message') seen.set(next.value.data.id, next.value.data);
    }
    await stream.return(undefined);
    const expected = { [byCli ?? '']: 'cli', [byBot]: 'api', [byPython]: 'api' };
    const origins = (records: Iterable<ChatMessage>) =>
      Object.fromEntries([...records].filter((m) => m.id in expected).map((m) => [m.id, m.origem]));
    expect(origins(seen.values())).toEqual(expected);
    expect(origins((await control.chat(t.dev.appkey, PHONE_DIGITS)).mensagens)).toEqual(expected);
  });
});
