import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../../src/emulator/index.js';
import {
  startEmulator as startLibraryEmulator,
  type TestDevice,
  type TestEmulator,
} from '../../../../src/emulator/testing/index.js';
import { getJson, postJson, type Body, show } from './http.js';
import { WebhookReceiver } from './webhook-receiver.js';

/** Contacts the tests send to; valid Brazilian mobile numbers in both accepted spellings. */
export const CONTACT = '+5521998765432';
export const CONTACT_PLAIN = '5531987654321';
export const DEVICE_PHONE = '+5511987654321';

/** Starts an in-process emulator on a free port with an in-memory database and no log output. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, host: '127.0.0.1', db: ':memory:', log: () => {}, ...options });
}

/** What a `use…` hook set up in beforeAll; reading it earlier (outside a test) is a mistake in the test file. */
function setUp<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is only there inside tests (set up in beforeAll)`);
  return value;
}

/** An emulator (`.emu`) for the tests of the enclosing file or describe block, closed after them. */
export function useTestEmulator(options: EmulatorOptions = {}): { readonly emu: RunningEmulator } {
  let emu: RunningEmulator | undefined;
  beforeAll(async () => {
    emu = await startTestEmulator(options);
  });
  afterAll(() => emu?.close());
  return {
    get emu() {
      return setUp(emu, 'the emulator');
    },
  };
}

/** A webhook receiver (`.receiver`) for the tests of the enclosing file or describe block, closed after them. */
export function useWebhookReceiver(): { readonly receiver: WebhookReceiver } {
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver?.close());
  return {
    get receiver() {
      return setUp(receiver, 'the webhook receiver');
    },
  };
}

/**
 * The library entry's emulator (`.emulator`, as a bot's own tests start it) with one device (`.device`) whose webhook is
 * a receiver of this file (`.receiver`), for the tests of the enclosing file or describe block, closed after them.
 */
export function useLibraryEmulator(): {
  readonly emulator: TestEmulator;
  readonly device: TestDevice;
  readonly receiver: WebhookReceiver;
} {
  const hook = useWebhookReceiver();
  let emulator: TestEmulator | undefined;
  let device: TestDevice | undefined;
  beforeAll(async () => {
    emulator = await startLibraryEmulator();
    device = await emulator.control.setup({ webhook: hook.receiver.url });
  });
  afterAll(() => emulator?.close());
  return {
    get emulator() {
      return setUp(emulator, 'the emulator');
    },
    get device() {
      return setUp(device, 'the device');
    },
    get receiver() {
      return hook.receiver;
    },
  };
}

export interface EmulatorWithDeviceOptions {
  emulator?: EmulatorOptions;
  /** How to pair the device; a function when it depends on another fixture (read in beforeAll). */
  device?: DeviceOptions | (() => DeviceOptions);
  /** Starts a webhook receiver (`.receiver`) and pairs the device with it. */
  receiver?: boolean;
}

export interface EmulatorWithDevice {
  readonly emu: RunningEmulator;
  /** A fresh account's one connected device. */
  readonly device: Device;
}

/** useTestEmulator plus an account with one connected device, made once before the tests. */
export function useEmulatorWithDevice(
  options: EmulatorWithDeviceOptions & { receiver: true },
): EmulatorWithDevice & { readonly receiver: WebhookReceiver };
export function useEmulatorWithDevice(options?: EmulatorWithDeviceOptions): EmulatorWithDevice;
export function useEmulatorWithDevice(
  options: EmulatorWithDeviceOptions = {},
): EmulatorWithDevice & { readonly receiver: WebhookReceiver } {
  const emulator = useTestEmulator(options.emulator);
  const webhook = options.receiver ? useWebhookReceiver() : undefined;
  let device: Device | undefined;
  beforeAll(async () => {
    const pairing = typeof options.device === 'function' ? options.device() : options.device;
    device = await accountWithDevice(emulator.emu.url, {
      ...pairing,
      ...(webhook ? { webhook: webhook.receiver.url } : {}),
    });
  });
  return {
    get emu() {
      return emulator.emu;
    },
    get device() {
      return setUp(device, 'the device');
    },
    get receiver() {
      if (!webhook) throw new Error('no webhook receiver: pass { receiver: true }');
      return webhook.receiver;
    },
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface Account {
  authkey: string;
  email: string;
  senha: string;
  data: Body;
}

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `${uniqueName('pessoa')}@exemplo.com.br`,
    senha: `Senha-${randomUUID()}`,
    nome: 'Maria da Silva',
    telefone: '+5511912345678',
    plano: '1',
    auth: 'registrar',
    ...overrides,
  };
}

export async function registerAccount(url: string, overrides: Record<string, unknown> = {}): Promise<Account> {
  const input = registrationBody(overrides);
  const reply = await postJson(url, '/api/auth', input);
  expect(reply.status, show(reply.body)).toBe(200);
  const data = reply.body.data as Body;
  return { authkey: data.authkey as string, email: input.email as string, senha: input.senha as string, data };
}

export interface Device {
  authkey: string;
  appkey: string;
  id: string;
  nome: string;
  /** The two credentials every messaging call carries. */
  keys: { appkey: string; authkey: string };
}

export interface DeviceOptions {
  webhook?: string;
  phone?: string;
  connect?: boolean;
}

/** Pairs a device named by a unique setAppkey (so appkey and name are known), connects it, and reads its id. */
export async function addDevice(url: string, authkey: string, options: DeviceOptions = {}): Promise<Device> {
  const name = uniqueName('disp');
  const pairing: Record<string, unknown> = { authkey, setAppkey: name };
  if (options.webhook) pairing.webhook = options.webhook;
  if (options.phone) pairing.phone = options.phone;
  const paired = await postJson(url, '/api/v2/qrcode', pairing);
  expect(paired.status, show(paired.body)).toBe(200);
  const appkey = paired.body.appkey as string;
  if (options.connect !== false) await connectDevice(url, appkey);
  const dispositivo = await checkDevice(url, authkey, name);
  return { authkey, appkey, id: String(dispositivo.id), nome: name, keys: { appkey, authkey } };
}

/** Registers a fresh account and gives it one connected device. */
export async function accountWithDevice(url: string, options: DeviceOptions = {}): Promise<Device> {
  const account = await registerAccount(url);
  return addDevice(url, account.authkey, options);
}

export async function connectDevice(url: string, appkey: string): Promise<void> {
  const reply = await postJson(url, '/__emulator/connect', { appkey });
  expect(reply.status, show(reply.body)).toBe(200);
}

/** checkDevice: the device record for an id or name. */
export async function checkDevice(url: string, authkey: string, idOrName: string): Promise<Body> {
  const reply = await postJson(url, '/api/developer', { authkey, message: idOrName, checkDispositivo: true });
  expect(reply.status, show(reply.body)).toBe(200);
  return reply.body.dispositivo as Body;
}

/** Control API: every message that went out for the device, oldest first. */
export async function outbox(url: string, appkey: string): Promise<Body[]> {
  const reply = await getJson(url, `/__emulator/outbox?appkey=${encodeURIComponent(appkey)}`);
  expect(reply.status, show(reply.body)).toBe(200);
  expect(Array.isArray(reply.body.mensagens)).toBe(true);
  return reply.body.mensagens as Body[];
}

/** Outbox entries whose content.message is exactly `text`. */
export async function sentWithText(url: string, appkey: string, text: string): Promise<Body[]> {
  return (await outbox(url, appkey)).filter((m) => m.content?.message === text);
}

/** True when some string field anywhere in the value equals or contains `text`. */
export function mentions(value: unknown, text: string): boolean {
  return JSON.stringify(value).includes(JSON.stringify(text).slice(1, -1));
}

export interface Group {
  id: string;
  convite: string;
}

/** Control API: creates a group owned by the device. */
export async function createGroup(url: string, appkey: string, extra: Record<string, unknown> = {}): Promise<Group> {
  const reply = await postJson(url, '/__emulator/groups', { appkey, titulo: 'Grupo de Teste', ...extra });
  expect(reply.status, show(reply.body)).toBe(200);
  const grupo = reply.body.grupo as unknown;
  const id = typeof grupo === 'string' ? grupo : String((grupo as Body).id);
  return { id, convite: reply.body.convite as string };
}

/** Control API: creates a template for the account. */
export async function createTemplate(url: string, authkey: string, texto: string): Promise<string> {
  const reply = await postJson(url, '/__emulator/templates', { authkey, texto });
  expect(reply.status, show(reply.body)).toBe(200);
  return String(reply.body.template_id);
}

export function sendText(url: string, device: Device, to: string, message: string) {
  return postJson(url, '/api/create-message', { ...device.keys, to, message });
}

/** Bits a key can carry: its length times the bits per character of the narrowest alphabet that spells it. */
export function minimumEntropyBits(key: string): number {
  const bitsPerChar = /^([0-9a-f]+|[0-9A-F]+)$/.test(key) ? 4 : /^[0-9A-Za-z]+$/.test(key) ? Math.log2(62) : 6;
  return key.length * bitsPerChar;
}
