// Helpers of the listen tests: the built binary running `listen` in the background, a forward target that records
// what it gets, and emulator setup (account, device paired with the listener as webhook, sends, triggers).
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { execa, type ResultPromise } from 'execa';
import { readyLine } from '../../support/ready-line.js';
import { BIN, post, type Sandbox } from '../support/harness.js';

export interface ListenResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** `node bin/chatbot.js listen ...` running in the background; its output is readable while it runs. */
export class RunningListener {
  stdout = '';
  stderr = '';
  url = '';

  private constructor(private readonly child: ResultPromise) {
    child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
  }

  /** Starts the binary and waits for its ready line (`Listening on URL`). */
  static async start(box: Sandbox, args: string[], env: Record<string, string> = {}): Promise<RunningListener> {
    const child = execa('node', [BIN, 'listen', ...args], {
      env: box.env(env),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: 120_000,
    });
    const listener = new RunningListener(child);
    listener.url = (await readyLine(child, /Listening on (\S+)/, { what: "listen's ready line" }))[1]!;
    return listener;
  }

  /** The NDJSON documents printed so far. */
  documents(): Record<string, unknown>[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  lines(): string[] {
    return this.stdout.split('\n').filter((line) => line.trim() !== '');
  }

  /** Sends a signal (Ctrl-C by default) and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGINT'): Promise<ListenResult> {
    this.child.kill(signal);
    const result = await this.child;
    return { exitCode: result.exitCode ?? -1, stdout: this.stdout, stderr: this.stderr };
  }
}

export interface Received {
  raw: string;
  contentType: string | undefined;
  answered: number;
}

/** A forward target: records every POST; answers `status()` for each (200 by default). */
export class Target {
  readonly received: Received[] = [];
  /** The status to answer the `count`-th POST (1-based) with `raw` as its body. */
  status: (count: number, raw: string) => number = () => 200;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<Target> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = new Target(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/app/webhook`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const answered = target.status(target.received.length + 1, raw);
        target.received.push({ raw, contentType: req.headers['content-type'], answered });
        res.writeHead(answered, { 'content-type': 'text/plain' }).end('OK');
      });
    });
    return target;
  }

  /** Parsed bodies of the POSTs it answered with 2xx. */
  accepted(): Record<string, unknown>[] {
    return this.received
      .filter((r) => r.answered >= 200 && r.answered < 300)
      .map((r) => JSON.parse(r.raw) as Record<string, unknown>);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A port on 127.0.0.1 where nothing listens: a free one, below the ephemeral range no other test's server takes. */
export { freePort as closedPort } from '../../support/free-port.js';

export interface Device {
  authkey: string;
  appkey: string;
  id: string;
}

/** Registers an account and pairs a connected device whose webhook is `webhook` (register, pairDevice, connect, checkDevice). */
export async function deviceWithWebhook(emulatorUrl: string, webhook: string): Promise<Device> {
  const registration = await post(`${emulatorUrl}/api/auth`, {
    email: `listen-${randomUUID()}@example.com`,
    senha: 'Senha-123!',
    nome: 'Ana Souza',
    telefone: '+5511912345678',
    plano: '1',
    auth: 'registrar',
  });
  const authkey = String((registration.data as Record<string, unknown>).authkey);
  const appkey = `listen-${randomUUID().slice(0, 8)}`;
  const paired = await post(`${emulatorUrl}/api/v2/qrcode`, { authkey, setAppkey: appkey, webhook });
  if (paired.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(paired)}`);
  const connected = await post(`${emulatorUrl}/__emulator/connect`, { appkey, telefone: '+5511987654321' });
  if (connected.status !== 200) throw new Error(`connect failed: ${JSON.stringify(connected)}`);
  const check = await post(`${emulatorUrl}/api/developer`, { authkey, message: appkey, checkDispositivo: true });
  return { authkey, appkey, id: String((check.dispositivo as Record<string, unknown>).id) };
}

/** POSTs the fields of a send (postStory … verifyOtp) with the device's keys; returns the message id of the send. */
export async function send(emulatorUrl: string, device: Device, fields: Record<string, unknown>): Promise<string> {
  const reply = await post(`${emulatorUrl}/api/create-message`, {
    appkey: device.appkey,
    authkey: device.authkey,
    ...fields,
  });
  if (reply.status !== 200) throw new Error(`send failed: ${JSON.stringify(reply)}`);
  return String((reply.data as Record<string, unknown>).idMensagem);
}

/** POSTs an event body straight to a listener, as the service would. */
export async function postEvent(url: string, body: string, contentType = 'application/json'): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  await response.arrayBuffer();
  return response.status;
}
