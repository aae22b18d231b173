import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../../src/listen/receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function start(path = '/hook') {
  const events: { raw: string; type: string | undefined }[] = [];
  receiver = await startReceiver({
    host: '127.0.0.1',
    port: 0,
    path,
    onEvent: (raw, type) => events.push({ raw: raw.toString('utf8'), type }),
  });
  return { receiver, events };
}

describe('startReceiver', () => {
  it('answers a POST on its path with 200 and hands over the raw body and content type', async () => {
    const { receiver, events } = await start();
    expect(receiver.url).toBe(`http://127.0.0.1:${receiver.port}/hook`);
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: ' {x} ',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, message: 'OK' });
    expect(events).toEqual([{ raw: ' {x} ', type: 'text/plain' }]);
  });

  it('answers 404 off its path and 405 to other methods, handing over nothing', async () => {
    const { receiver, events } = await start();
    const base = `http://127.0.0.1:${receiver.port}`;
    expect((await fetch(`${base}/`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${base}/hooks`, { method: 'POST', body: '{}' })).status).toBe(404);
    const get = await fetch(receiver.url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(events).toEqual([]);
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const { receiver: first } = await start();
    await expect(
      startReceiver({ host: '127.0.0.1', port: first.port, path: '/', onEvent: () => {} }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
