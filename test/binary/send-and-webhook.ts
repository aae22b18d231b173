// The round trip a binary that cannot run natively here is put through (linux-arm64 under qemu; darwin-arm64's blob in
// linux-x64's Node of the same release): its --version, and its emulator taking a `send text` from the same binary and
// delivering the send's webhook event to a receiver in the test, with no node on PATH.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { BinarySandbox, startBinaryEmulator, type BinaryEmulator, type Launcher } from './binary.js';

const AUTHKEY = 'authkey-roundtrip-000000';
const APPKEY = 'appkey-roundtrip';
const CONTACT = '+5521998765432';

/**
 * Adds to the current describe: --version names `node` (e.g. /v24\.\d+\.\d+/), and the emulator round trip. The
 * launcher is asked for in beforeAll (after setup: the file it names may be made there).
 */
export function itSendsAndDelivers(launcher: () => Launcher, node: RegExp, message: string): void {
  const events: Record<string, unknown>[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      events.push(JSON.parse(body) as Record<string, unknown>);
      response.end('ok');
    });
  });
  let box: BinarySandbox | undefined;
  let emulator: BinaryEmulator | undefined;
  const sandbox = () => {
    if (!box) throw new Error('the sandbox was not made');
    return box;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    box = new BinarySandbox('http://127.0.0.1:9', launcher());
    emulator = await startBinaryEmulator(box);
  }, 120_000);

  afterAll(async () => {
    receiver.close();
    const stopped = await emulator?.stop();
    box?.cleanup();
    if (stopped) expect(stopped.stderr).toContain('Emulator stopped.');
  });

  it('names its version and the Node inside', async () => {
    const result = await sandbox().run(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+ \\(single executable, Node ${node.source}\\)\\n?$`));
  }, 120_000);

  it('runs the emulator, which takes its send and delivers the webhook event', async () => {
    if (!emulator) throw new Error('the emulator did not start');
    const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const setup = await fetch(`${emulator.url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authkey: AUTHKEY, appkey: APPKEY, webhook }),
    });
    expect(setup.status).toBe(200);
    const keys = { CHATBOT_BASE_URL: emulator.url, CHATBOT_AUTHKEY: AUTHKEY, CHATBOT_APPKEY: APPKEY };
    const sent = await sandbox().run(['send', 'text', '--to', CONTACT, '-m', message, '--json'], { env: keys });
    expect(sent.stderr).toBe('');
    expect(sent.exitCode).toBe(0);
    const answer = JSON.parse(sent.stdout) as { status: number; id: string };
    expect(answer.status).toBe(200);
    await waitFor(() => events.length > 0, { what: 'the webhook event of the send', timeoutMs: 60_000 });
    expect(events[0]).toMatchObject({ evento: 'text', tipo: 'Me', instancia: APPKEY, mensagem: message });
    expect(events[0]?.idMessagem).toBe(answer.id);
  }, 180_000);
}
