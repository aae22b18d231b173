// linux-arm64's single executable, run under qemu-user (Debian's qemu-user with the arm64 libraries of
// libc6-arm64-cross and libstdc++6-arm64-cross) with no node on PATH: its version, and its emulator taking a send from
// it and delivering the send's webhook event to a receiver here.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { ARM64_UNDER_QEMU, BinarySandbox, startBinaryEmulator, type BinaryEmulator } from './binary.js';
import { readExecutable } from './headers.js';

const AUTHKEY = 'authkey-arm64-0000000000';
const APPKEY = 'appkey-arm64';
const CONTACT = '+5521998765432';

/** Every event the emulator delivers, as parsed JSON. */
const events: Record<string, unknown>[] = [];
const receiver: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    events.push(JSON.parse(body) as Record<string, unknown>);
    response.end('ok');
  });
});
const box = new BinarySandbox('http://127.0.0.1:9', ARM64_UNDER_QEMU);
let emulator: BinaryEmulator | undefined;

/** The emulator beforeAll started. */
function running(): BinaryEmulator {
  if (!emulator) throw new Error('the emulator did not start');
  return emulator;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  emulator = await startBinaryEmulator(box);
}, 120_000);

afterAll(async () => {
  receiver.close();
  const stopped = await emulator?.stop();
  box.cleanup();
  if (stopped) expect(stopped.stderr).toContain('Emulator stopped.');
});

describe('the linux-arm64 single executable under qemu-aarch64', () => {
  it('is an arm64 ELF file', () => {
    expect(readExecutable(ARM64_UNDER_QEMU.binary)).toMatchObject({ format: 'elf', cpu: 'arm64' });
  });

  it('names its version and the Node inside', async () => {
    const result = await box.run(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+ \(single executable, Node v24\.\d+\.\d+\)\n?$/);
  }, 120_000);

  it('runs the emulator, which takes its send and delivers the webhook event', async () => {
    const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const setup = await fetch(`${running().url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authkey: AUTHKEY, appkey: APPKEY, webhook }),
    });
    expect(setup.status).toBe(200);
    const keys = { CHATBOT_BASE_URL: running().url, CHATBOT_AUTHKEY: AUTHKEY, CHATBOT_APPKEY: APPKEY };
    const sent = await box.run(['send', 'text', '--to', CONTACT, '-m', 'Olá do arm64', '--json'], { env: keys });
    expect(sent.stderr).toBe('');
    expect(sent.exitCode).toBe(0);
    const answer = JSON.parse(sent.stdout) as { status: number; id: string };
    expect(answer.status).toBe(200);
    await waitFor(() => events.length > 0, { what: 'the webhook event of the send', timeoutMs: 60_000 });
    expect(events[0]).toMatchObject({ evento: 'text', tipo: 'Me', instancia: APPKEY, mensagem: 'Olá do arm64' });
    expect(events[0]?.idMessagem).toBe(answer.id);
  }, 180_000);
});
