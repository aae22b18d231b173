// Setup shared by the tests of commands that act for a paired device (group, user, name, webhook, emulator): a paired
// device, a webhook receiver.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { Sandbox, fixtureForAll, fixtureForEach, post, registered } from './harness.js';
import { waitFor } from '../../support/wait-for.js';

export const CONTACT = '+5521998765432';
export const CONTACT_DIGITS = '5521998765432';

export interface PairedDevice {
  authkey: string;
  appkey: string;
  id: string;
  name: string;
}

/** Registers an account through the CLI (authkey in the profile), pairs and connects a device straight on the emulator. */
export async function pairedDevice(box: Sandbox, emulatorUrl: string, webhook?: string): Promise<PairedDevice> {
  const authkey = await registered(box);
  const appkey = `loja-${randomUUID().slice(0, 8)}`;
  const paired = await post(`${emulatorUrl}/api/v2/qrcode`, {
    authkey,
    setAppkey: appkey,
    ...(webhook ? { webhook } : {}),
  });
  if (paired.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(paired)}`);
  await post(`${emulatorUrl}/__emulator/connect`, { appkey });
  const checked = await post(`${emulatorUrl}/api/developer`, { authkey, message: appkey, checkDispositivo: 'true' });
  const device = checked.dispositivo as { id: string; nome: string };
  return { authkey, appkey, id: device.id, name: device.nome };
}

/** A group of the device, made through the control API. */
export async function controlGroup(
  emulatorUrl: string,
  appkey: string,
  titulo = 'Clientes',
): Promise<{ id: string; convite: string }> {
  const reply = await post(`${emulatorUrl}/__emulator/groups`, { appkey, titulo, descricao: 'Grupo da loja' });
  if (reply.status !== 200) throw new Error(`group creation failed: ${JSON.stringify(reply)}`);
  return { id: reply.grupo as string, convite: reply.convite as string };
}

export interface SentMessage {
  id: string;
  to: string;
  kind: string;
  content: Record<string, unknown>;
  timestamp: string;
}

/** What the emulator really sent for the device (its outbox). */
export async function outbox(emulatorUrl: string, appkey: string): Promise<SentMessage[]> {
  const response = await fetch(`${emulatorUrl}/__emulator/outbox?appkey=${encodeURIComponent(appkey)}`);
  const body = (await response.json()) as { mensagens: SentMessage[] };
  return body.mensagens;
}

export type WebhookEvent = Record<string, unknown>;

/** An HTTP server on 127.0.0.1 that records every JSON body posted to it. */
export class WebhookReceiver {
  readonly events: WebhookEvent[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new WebhookReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    server.on('request', (req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        try {
          receiver.events.push(JSON.parse(text) as WebhookEvent);
        } catch {
          receiver.events.push({ unparsable: text });
        }
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      });
    });
    return receiver;
  }

  /** Waits until an event matching `match` has arrived. */
  waitForEvent(match: (event: WebhookEvent) => boolean, timeoutMs?: number): Promise<WebhookEvent> {
    return waitFor(() => this.events.find(match), {
      what: () => `a matching webhook event; got ${JSON.stringify(this.events)}`,
      timeoutMs,
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface LoggedEmulator {
  emulator: RunningEmulator;
  /** `METHOD /path STATUS` of every request the emulator answered, oldest first. */
  requests: string[];
}

/** An in-memory emulator on a free port that records each request, to prove a refused command sent nothing. */
export async function loggedEmulator(): Promise<LoggedEmulator> {
  const requests: string[] = [];
  const emulator = await startEmulator({
    port: 0,
    db: ':memory:',
    log: (line) => requests.push(line.split(' ').slice(0, 3).join(' ')),
  });
  return { emulator, requests };
}

/** Requests logged for a path since `from` (an index into `requests`). */
export function requestsTo(logged: LoggedEmulator, path: string, from = 0): string[] {
  return logged.requests.slice(from).filter((line) => line.split(' ')[1] === path);
}

/** The webhook events the emulator queued for the device (GET /__emulator/webhooks), whatever their delivery state. */
export async function queuedEvents(emulatorUrl: string, appkey: string): Promise<WebhookEvent[]> {
  const response = await fetch(`${emulatorUrl}/__emulator/webhooks?appkey=${encodeURIComponent(appkey)}`);
  const body = (await response.json()) as { entregas: { evento: WebhookEvent }[] };
  return body.entregas.map((delivery) => delivery.evento);
}

export interface PairedDeviceFixture {
  readonly logged: LoggedEmulator;
  /** The emulator's base URL. */
  readonly url: string;
  readonly box: Sandbox;
  readonly device: PairedDevice;
}

export interface PairedDeviceWithReceiverFixture extends PairedDeviceFixture {
  /** The webhook every device of the file is paired with. */
  readonly receiver: WebhookReceiver;
}

/** The hooks of these tests: a logged emulator (and a webhook receiver) per file, a sandbox with a paired device per test. */
export function usePairedDevice(options: { receiver: true }): PairedDeviceWithReceiverFixture;
export function usePairedDevice(options?: { receiver?: boolean }): PairedDeviceFixture;
export function usePairedDevice(options: { receiver?: boolean } = {}): PairedDeviceWithReceiverFixture {
  const logged = fixtureForAll(loggedEmulator, (running) => running.emulator.close());
  const receiver = options.receiver
    ? fixtureForAll(
        () => WebhookReceiver.start(),
        (started) => started.close(),
      )
    : undefined;
  const box = fixtureForEach(
    () => new Sandbox(logged().emulator.url),
    (sandbox) => sandbox.cleanup(),
  );
  const device = fixtureForEach(() => pairedDevice(box(), logged().emulator.url, receiver?.().url));
  return {
    get logged() {
      return logged();
    },
    get url() {
      return logged().emulator.url;
    },
    get box() {
      return box();
    },
    get device() {
      return device();
    },
    get receiver() {
      if (!receiver) throw new Error('no webhook receiver: pass { receiver: true }');
      return receiver();
    },
  };
}

/** Makes the device the profile's current one, with its record (appkey, id, name) as pairing would save it. */
export function saveCurrentDevice(box: Sandbox, record: { appkey: string; id: string; name: string }): void {
  const file = join(box.configDir, 'config.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.profiles.default = { ...data.profiles.default, appkey: record.appkey, devices: [record] };
  writeFileSync(file, JSON.stringify(data));
}
