// The webhook worker against local receivers on 127.0.0.1, with an in-memory queue.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookWorker } from '../../../src/emulator/events/worker.js';
import { openStore, type Store } from '../../../src/emulator/store/db.js';

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
  store.db.prepare("INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (1, 'a@b.c', 'n', '1', 'h', 'p', 'k', '2999-01-01', 0)").run();
  for (const id of ids) {
    store.db.prepare("INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES (?, 1, ?, ?, 0, 0)").run(id, id, id);
  }
  open.push(async () => {
    store.db.close();
  });
  return store;
}

function enqueue(store: Store, deviceId: string, url: string, payload: unknown): void {
  store.db.prepare('INSERT INTO deliveries (device_id, url, payload, next_at, created_at) VALUES (?, ?, ?, 0, 0)').run(deviceId, url, JSON.stringify(payload));
}

async function until(condition: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startWorker(store: Store): WebhookWorker {
  const worker = new WebhookWorker(store);
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
    const state = () => store.db.prepare('SELECT state, attempts, last_error FROM deliveries').get() as { state: string; attempts: number; last_error: string | null };
    await until(() => state().state === 'delivered');
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
    startWorker(store);
    await until(() => healthy.bodies.length === 1, 2000);
    expect(hanging.bodies).toHaveLength(1);
  });

  it('close() aborts an attempt in flight and leaves the delivery pending for the next start', async () => {
    const hanging = await receiver(() => undefined);
    const store = storeWithDevices('d1');
    enqueue(store, 'd1', hanging.url, { evento: 'text' });
    const worker = new WebhookWorker(store);
    worker.start();
    await until(() => hanging.bodies.length === 1);
    await worker.close();
    expect(store.db.prepare('SELECT state, attempts FROM deliveries').get()).toEqual({ state: 'pending', attempts: 0 });
  });
});
