// The runner's read path: the outbox feed asks only for what followed the last message it read, so a run reads each
// message once (its reads grow with its messages, not their square), and a conversation reads its own chats.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Requester, ServiceBody } from '../../../src/api/request.js';
import { EmulatorControl } from '../../../src/api/emulator-control.js';
import { OutboxFeed } from '../../../src/cli/commands/test/run/feeds.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { withEmulator } from '../support/harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await withEmulator();
});
afterAll(() => emulator.close());

it('reads each message of the outbox once, however often it is refreshed, and indexes them by chat', async () => {
  const device = await new ControlClient(emulator.url).setup();
  let read = 0;
  const paths: string[] = [];
  const requester: Requester = async (path, body) => {
    const response = await fetch(
      `${emulator.url}${path}`,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
    );
    const answer = (await response.json()) as ServiceBody & { mensagens?: unknown[] };
    if (path.startsWith('/__emulator/outbox')) {
      paths.push(path);
      read += answer.mensagens?.length ?? 0;
    }
    return answer;
  };
  const feed = new OutboxFeed(new EmulatorControl(requester), device.appkey);
  const signal = new AbortController().signal;
  const send = (to: string, message: string) =>
    fetch(`${emulator.url}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appkey: device.appkey, authkey: device.authkey, to, message }),
    });
  for (let round = 0; round < 10; round += 1) {
    await send('5511911110001', `a${round}`);
    await send('5511911110002', `b${round}`);
    await feed.refresh(signal);
    await feed.refresh(signal);
  }
  expect(feed.all).toHaveLength(20);
  expect(read).toBe(20);
  expect(paths.slice(1).every((path) => path.includes('after='))).toBe(true);
  expect(feed.of(new Set(['5511911110002'])).map((message) => message.content.message)).toEqual(
    Array.from({ length: 10 }, (_, round) => `b${round}`),
  );
  expect(feed.of(new Set(['5511911110001', '5511911110002']))).toEqual(feed.all);
});
