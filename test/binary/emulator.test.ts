// `chatbot emulator start` from the single executable works as from npm: its ready line, a private database that the
// npm package's emulator opens as its own, and every route of its OpenAPI document answering as the package's
// emulator (started in this process from the sources) answers the same request; the web console served from its assets.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { BinarySandbox, register, startBinaryEmulator, type BinaryEmulator } from './binary.js';

const PLACEHOLDERS: Record<string, string> = { id: 'agt_0000000000000000', token: 'nao-existe', chat: '5581989769960' };

interface Answer {
  status: number;
  type: string;
  /** The JSON body's status and message with its keys, or the whole body when it is not JSON. */
  body: unknown;
}

async function answer(base: string, method: string, path: string): Promise<Answer> {
  const url = base + path.replace(/\{(\w+)\}/g, (_, name: string) => PLACEHOLDERS[name] ?? name);
  const response = await fetch(url, {
    method,
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
  });
  const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
  if (type === 'text/event-stream') {
    // The live stream never ends by itself: its status and type are the answer.
    await response.body?.cancel();
    return { status: response.status, type, body: null };
  }
  const text = await response.text();
  if (type !== 'application/json') return { status: response.status, type, body: text.replaceAll(base, 'BASE') };
  const json = JSON.parse(text) as Record<string, unknown>;
  return {
    status: response.status,
    type,
    body: { status: json.status, message: json.message, keys: Object.keys(json) },
  };
}

async function openApiRoutes(base: string): Promise<[method: string, path: string][]> {
  const document = (await (await fetch(`${base}/__emulator/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'post', 'put'].includes(key))
      .map((method): [string, string] => [method.toUpperCase(), path]),
  );
}

describe('chatbot emulator start from the single executable', () => {
  let box: BinarySandbox;
  let dir: string;
  let reference: RunningEmulator;
  beforeAll(async () => {
    box = new BinarySandbox('http://127.0.0.1:9');
    dir = mkdtempSync(join(tmpdir(), 'chatbot-binary-emulator-'));
    reference = await startEmulator({ port: 0, db: ':memory:' });
  });
  afterAll(async () => {
    await reference.close();
    box.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every route of its OpenAPI document as the npm package does', async () => {
    const emulator = await startBinaryEmulator(box);
    try {
      const routes = await openApiRoutes(emulator.url);
      expect(routes).toEqual(await openApiRoutes(reference.url));
      expect(routes.length).toBeGreaterThan(25);
      for (const [method, path] of routes) {
        const ours = await answer(emulator.url, method, path);
        expect(ours, `${method} ${path}`).toEqual(await answer(reference.url, method, path));
      }
    } finally {
      await emulator.stop();
    }
  });

  it('serves the web console from its own assets: the page with its script and style, as the npm package does', async () => {
    const emulator = await startBinaryEmulator(box);
    try {
      const [ours, theirs] = await Promise.all([fetch(emulator.url), fetch(reference.url)]);
      expect(ours.status).toBe(200);
      expect(ours.headers.get('content-type')).toBe(theirs.headers.get('content-type'));
      expect(ours.headers.get('content-security-policy')).toBe(theirs.headers.get('content-security-policy'));
      // The first reads in each page are its own emulator's state.
      const withoutReads = (html: string) => html.replace(/<script type="application\/json"[^]*?<\/script>/, '');
      expect(withoutReads(await ours.text())).toBe(withoutReads(await theirs.text()));
    } finally {
      await emulator.stop();
    }
  });

  it('prints its ready line, keeps a private database the npm package opens, and stops on Ctrl-C', async () => {
    const db = join(dir, 'emulator.db');
    const emulator: BinaryEmulator = await startBinaryEmulator(box, db);
    const client = new BinarySandbox(emulator.url);
    let stopped;
    try {
      const account = await register(client);
      const authkey = (await client.ok(['config', 'get', 'authkey', '--reveal'])).trim();
      expect(statSync(db).mode & 0o777).toBe(0o600);
      stopped = await emulator.stop();
      expect(stopped.stderr).toMatch(/^Emulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
      expect(stopped.stderr).toMatch(/Emulator stopped\.\n?$/);
      expect(stopped.exitCode).toBe(0);

      const reopened = await startEmulator({ port: 0, db });
      try {
        const login = await fetch(`${reopened.url}/api/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ auth: 'login', email: account.email, senha: account.password }),
        });
        const body = (await login.json()) as { status: number; data: { authkey: string } };
        expect(body.status).toBe(200);
        expect(body.data.authkey).toBe(authkey);
      } finally {
        await reopened.close();
      }
    } finally {
      if (!stopped) await emulator.stop();
      client.cleanup();
    }
  });
});
