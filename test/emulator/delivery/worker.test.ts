// The webhook worker against local receivers on 127.0.0.1, with an in-memory queue.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_BODY_KEPT, ReceiverPools, type Deadline } from '../../../src/emulator/delivery/http-post.js';
import { ATTEMPT_TIMEOUT_MS, MAX_ATTEMPTS, PER_DEVICE, WebhookWorker } from '../../../src/emulator/delivery/worker.js';
import { openStore, wipeStore, type Store } from '../../../src/emulator/store/db.js';
import { waitFor } from '../../support/wait-for.js';

interface Receiver {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function receiver(answer: (count: number, res: ServerResponse) => void): Promise<Receiver> {
  const bodies: string[] = [];
  const pending = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      pending.add(res);
      answer(bodies.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    for (const res of pending) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  open.push(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies, close };
}

function storeWithDevices(...ids: string[]): Store {
  const store = openStore(':memory:');
  store.db
    .prepare(
      "INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (1, 'a@b.c', 'n', '1', 'h', 'p', 'k', '2999-01-01', 0)",
    )
    .run();
  for (const id of ids) {
    store.db
      .prepare('INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES (?, 1, ?, ?, 0, 0)')
      .run(id, id, id);
  }
  open.push(() => {
    store.db.close();
    return Promise.resolve();
  });
  return store;
}

function enqueue(store: Store, deviceId: string, url: string, payload: unknown): void {
  store.db
    .prepare('INSERT INTO deliveries (device_id, url, payload, next_at, created_at) VALUES (?, ?, ?, 0, 0)')
    .run(deviceId, url, JSON.stringify(payload));
}

/**
 * A clock that stands still until the test moves it: the worker's retries and its attempts' deadlines run on it, so a
 * hanging receiver is never given up on because the machine was slow, only when the test says time has passed.
 */
function standingClock(): { now: () => number; deadline: Deadline; advance: (ms: number) => void } {
  let time = 0;
  const armed = new Set<{ at: number; fire: () => void }>();
  return {
    now: () => time,
    deadline: (fire, ms) => {
      const entry = { at: time + ms, fire };
      armed.add(entry);
      return () => armed.delete(entry);
    },
    advance: (ms) => {
      time += ms;
      for (const entry of [...armed].filter(({ at }) => at <= time)) {
        armed.delete(entry);
        entry.fire();
      }
    },
  };
}

function startWorker(store: Store, clock?: ReturnType<typeof standingClock>): WebhookWorker {
  const worker = clock ? new WebhookWorker(store, clock.now, { deadline: clock.deadline }) : new WebhookWorker(store);
  worker.start();
  open.push(() => worker.close());
  return worker;
}

describe('WebhookWorker', () => {
  it('retries a failed delivery until the receiver accepts it, then marks it delivered', async () => {
    const hook = await receiver((count, res) => res.writeHead(count <= 2 ? 503 : 200).end());
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', hook.url, { evento: 'text', mensagem: 'oi' });
    startWorker(store);
    const state = () =>
      store.db.prepare('SELECT state, attempts, last_error FROM deliveries').get() as {
        state: string;
        attempts: number;
        last_error: string | null;
      };
    await waitFor(() => state().state === 'delivered', { what: 'the delivery after two failures' });
    expect(hook.bodies).toHaveLength(3);
    expect(JSON.parse(hook.bodies[2] ?? '{}')).toEqual({ evento: 'text', mensagem: 'oi' });
    expect(state()).toEqual({ state: 'delivered', attempts: 3, last_error: null });
  });

  it('a device whose receiver hangs with a long backlog does not hold back another device', async () => {
    const hanging = await receiver(() => undefined);
    const healthy = await receiver((_count, res) => res.writeHead(200).end('OK'));
    const store = storeWithDevices('lento', 'rapido');
    for (let i = 0; i < 300; i += 1) enqueue(store, 'lento', hanging.url, { i });
    enqueue(store, 'rapido', healthy.url, { evento: 'text' });
    startWorker(store, standingClock());
    await waitFor(() => healthy.bodies.length === 1, { what: "the healthy device's event" });
    expect(hanging.bodies).toHaveLength(1);
  });

  it("gives up an attempt when its deadline passes on the worker's clock, and retries it when due", async () => {
    const hanging = await receiver(() => undefined);
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', hanging.url, { evento: 'text' });
    const clock = standingClock();
    startWorker(store, clock);
    await waitFor(() => hanging.bodies.length === 1, { what: 'the first attempt' });
    const row = () => store.db.prepare('SELECT state, attempts, last_error FROM deliveries').get();
    clock.advance(ATTEMPT_TIMEOUT_MS);
    await waitFor(() => (row() as { attempts: number }).attempts === 1, { what: 'the first outcome recorded' });
    expect(row()).toEqual({ state: 'pending', attempts: 1, last_error: `no answer within ${ATTEMPT_TIMEOUT_MS} ms` });
    clock.advance(60_000);
    await waitFor(() => hanging.bodies.length === 2, { what: 'the retry, once due on the clock' });
  });

  it('close() aborts an attempt in flight and leaves the delivery pending for the next start', async () => {
    const hanging = await receiver(() => undefined);
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', hanging.url, { evento: 'text' });
    const worker = new WebhookWorker(store);
    worker.start();
    await waitFor(() => hanging.bodies.length === 1, { what: 'the attempt in flight' });
    await worker.close();
    expect(store.db.prepare('SELECT state, attempts FROM deliveries').get()).toEqual({ state: 'pending', attempts: 0 });
  });

  it('delivers different chats at once but the events of one chat one at a time, in queue order', async () => {
    let open = 0;
    let mostOpen = 0;
    const openPerChat = new Map<string, number>();
    const overlapped: string[] = [];
    const hook = await receiver((count, res) => {
      const { chat } = JSON.parse(hook.bodies[count - 1] ?? '{}') as { chat: string };
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      openPerChat.set(chat, (openPerChat.get(chat) ?? 0) + 1);
      if ((openPerChat.get(chat) ?? 0) > 1) overlapped.push(chat);
      // Answers out of arrival order, so that a worker that did not wait per chat would reorder.
      setTimeout(
        () => {
          open -= 1;
          openPerChat.set(chat, (openPerChat.get(chat) ?? 1) - 1);
          res.writeHead(200).end();
        },
        (count * 7) % 11,
      );
    });
    const store = storeWithDevices('d1');
    const chats = Array.from({ length: 12 }, (_, i) => `55119000000${String(i).padStart(2, '0')}`);
    for (let n = 0; n < 10; n += 1) for (const chat of chats) enqueue(store, 'd1', hook.url, { chat, n });
    startWorker(store);
    await waitFor(() => hook.bodies.length === 120, { what: '120 events', timeoutMs: 20_000 });
    const received = hook.bodies.map((body) => JSON.parse(body) as { chat: string; n: number });
    for (const chat of chats) {
      expect(
        received.filter((event) => event.chat === chat).map((event) => event.n),
        chat,
      ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    expect(overlapped, 'chats with two deliveries open at once').toEqual([]);
    expect(mostOpen, 'deliveries open at once across chats').toBeGreaterThan(1);
    expect(mostOpen).toBeLessThanOrEqual(PER_DEVICE);
  });

  it('a device whose receiver hangs on many chats and one whose receiver is down do not hold back a live device', async () => {
    const hanging = await receiver(() => undefined);
    const down = await receiver((_count, res) => res.writeHead(200).end());
    await down.close();
    const live = await receiver((_count, res) => res.writeHead(200).end());
    const store = storeWithDevices('pendurado', 'fora', 'vivo');
    for (let i = 0; i < 200; i += 1) {
      enqueue(store, 'pendurado', hanging.url, { chat: `c${i}`, i });
      enqueue(store, 'fora', down.url, { chat: `c${i}`, i });
      enqueue(store, 'vivo', live.url, { chat: `c${i % 5}`, i });
    }
    startWorker(store, standingClock());
    const delivered = () =>
      store.db.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE device_id = 'vivo' AND state = 'delivered'").get();
    // A receiver has a body before the worker writes its outcome (a turn of the event loop later): wait for both.
    await waitFor(
      () =>
        live.bodies.length === 200 && hanging.bodies.length >= PER_DEVICE && (delivered() as { n: number }).n === 200,
      { what: "the live device's 200 outcomes and the hanging device's slots", timeoutMs: 20_000 },
    );
    expect(hanging.bodies, 'the hanging device holds only its own slots').toHaveLength(PER_DEVICE);
    const failed = store.db
      .prepare("SELECT COUNT(*) AS n FROM deliveries WHERE device_id = 'fora' AND attempts > 0 AND state = 'pending'")
      .get() as { n: number };
    expect(failed.n, 'the down receiver was tried and its events stay queued').toBeGreaterThan(0);
    expect(delivered()).toEqual({ n: 200 });
  });

  it("logs a summary while deliveries are retried and one line per delivery given up, without the URL's query", async () => {
    const failing = await receiver((_count, res) => res.writeHead(500).end());
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', `${failing.url}?token=segredo`, { chat: 'c1' });
    enqueue(store, 'd1', `${failing.url}?token=segredo`, { chat: 'c2' });
    let clock = 0;
    const lines: string[] = [];
    // Every reading of the clock is a minute later, so each retry is due at the next look.
    const worker = new WebhookWorker(store, () => (clock += 60_000), { log: (line) => lines.push(line) });
    worker.start();
    open.push(() => worker.close());
    await waitFor(
      () =>
        lines.filter((line) => line.includes('gave up')).length === 2 &&
        lines.some((line) => line.includes('to be retried')),
      { what: () => `two give-up lines and a retry summary; logged: ${JSON.stringify(lines)}`, timeoutMs: 20_000 },
    );
    const gaveUp = lines.filter((line) => line.includes('gave up'));
    expect(gaveUp[0]).toMatch(
      new RegExp(
        `^webhook: gave up on delivery \\d+ of d1 to http://127\\.0\\.0\\.1:\\d+/hook after ${MAX_ATTEMPTS} attempts; last error: HTTP 500$`,
      ),
    );
    expect(lines.find((line) => line.includes('to be retried'))).toMatch(
      /^webhook: \d+ failed attempts in the last 5 s, to be retried \(d1 → http:\/\/127\.0\.0\.1:\d+\/hook: \d+ × HTTP 500\)$/,
    );
    expect(lines.join('\n')).not.toContain('segredo');
    expect(failing.bodies).toHaveLength(2 * MAX_ATTEMPTS);
    expect(store.db.prepare('SELECT state, attempts FROM deliveries').all()).toEqual([
      { state: 'failed', attempts: MAX_ATTEMPTS },
      { state: 'failed', attempts: MAX_ATTEMPTS },
    ]);
  });

  it('after a reset the attempt in flight is aborted and forgotten: its chat is free at once and nothing is logged for it', async () => {
    let aborted = 0;
    const hanging = await receiver((_count, res) => res.on('close', () => (aborted += 1)));
    const healthy = await receiver((_count, res) => res.writeHead(200).end('OK'));
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', hanging.url, { evento: 'text', chat: '5581989769960' });
    const lines: string[] = [];
    // The attempts' deadlines on a clock that stands still: only the reset can free the chat, however slow the machine.
    const clock = standingClock();
    const worker = new WebhookWorker(store, clock.now, { deadline: clock.deadline, log: (line) => lines.push(line) });
    worker.start();
    open.push(() => worker.close());
    await waitFor(() => hanging.bodies.length === 1, { what: 'the attempt to the hanging receiver' });

    wipeStore(store);
    worker.reset();
    store.db.exec(
      "INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (1, 'a@b.c', 'n', '1', 'h', 'p', 'k', '2999-01-01', 0)",
    );
    store.db.exec(
      "INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES ('d1', 1, 'd1', 'd1', 0, 0)",
    );
    enqueue(store, 'd1', healthy.url, { evento: 'text', chat: '5581989769960' });
    worker.kick();

    // The gone attempt's own deadline never passes on the standing clock: what frees the chat is the reset's abort.
    const rows = () => store.db.prepare('SELECT state, attempts FROM deliveries').all();
    const delivered = [{ state: 'delivered', attempts: 1 }];
    await waitFor(() => aborted === 1 && JSON.stringify(rows()) === JSON.stringify(delivered), {
      what: 'the gone attempt aborted and the new event delivered',
    });
    await worker.close();
    expect(hanging.bodies).toHaveLength(1);
    expect(healthy.bodies).toHaveLength(1);
    expect(lines, 'nothing logged about a delivery the reset removed').toEqual([]);
  });
});

describe("the receiver's answer", () => {
  it('is kept in part: its status, headers and the first 2 KiB of its body, marked cut when it went on', async () => {
    const long = 'é'.repeat(3000);
    const target = await receiver((count, res) =>
      res.writeHead(count === 1 ? 500 : 200, { 'x-bot': 'sim' }).end(count === 1 ? long : 'ok'),
    );
    const pools = new ReceiverPools(1);
    open.push(() => {
      pools.close();
      return Promise.resolve();
    });
    const options = { headers: {}, timeoutMs: 5_000, signal: new AbortController().signal };
    const cut = await pools.post('dev', target.url, '{}', options);
    expect(cut).toMatchObject({ status: 500, cut: true, headers: { 'x-bot': 'sim' } });
    expect(Buffer.byteLength(cut.body)).toBeLessThanOrEqual(ANSWER_BODY_KEPT + 2);
    expect(cut.body.startsWith('é'.repeat(1000))).toBe(true);
    expect(await pools.post('dev', target.url, '{}', options)).toMatchObject({ status: 200, body: 'ok', cut: false });
  });
});
