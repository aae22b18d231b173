// Setup shared by the tests of commands that send for a device (send, otp, and the real-service commands): an account
// with a paired device, the emulator's outbox, waiting with a deadline.
import { randomUUID } from 'node:crypto';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { Sandbox, fixtureForEach, post, registered, useEmulator, type RunOptions, type RunResult } from './harness.js';

export const PHONE = '+5581989769960';
export const PHONE_DIGITS = '5581989769960';

export interface OutboxEntry {
  id: string;
  to: string;
  kind: string;
  content: Record<string, unknown>;
  agendamento_id?: string;
}

/** A sandbox whose account has one paired device; `run` passes its appkey through CHATBOT_APPKEY. */
export class DeviceSandbox {
  private constructor(
    readonly emulator: RunningEmulator,
    readonly box: Sandbox,
    readonly authkey: string,
    readonly appkey: string,
  ) {}

  /** The device's id, as `devices check` prints it. */
  async deviceId(): Promise<string> {
    const checked = await this.run(['devices', 'check', this.appkey, '--json']);
    return JSON.parse(checked.stdout).dispositivo.id as string;
  }

  static async create(emulator: RunningEmulator): Promise<DeviceSandbox> {
    const box = new Sandbox(emulator.url);
    const authkey = await registered(box);
    const appkey = `send-test-${randomUUID()}`;
    const paired = await post(`${emulator.url}/api/v2/qrcode`, { authkey, setAppkey: appkey });
    if (paired.appkey !== appkey) throw new Error(`pairing failed: ${JSON.stringify(paired)}`);
    return new DeviceSandbox(emulator, box, authkey, appkey);
  }

  run(args: string[], options: RunOptions = {}): Promise<RunResult> {
    return this.box.run(args, { ...options, env: { CHATBOT_APPKEY: this.appkey, ...options.env } });
  }

  async connect(): Promise<void> {
    await post(`${this.emulator.url}/__emulator/connect`, { appkey: this.appkey });
  }

  /** What the emulator really sent for this device, oldest first. */
  async outbox(): Promise<OutboxEntry[]> {
    const response = await fetch(`${this.emulator.url}/__emulator/outbox?appkey=${encodeURIComponent(this.appkey)}`);
    const body = (await response.json()) as { mensagens?: OutboxEntry[] };
    if (!Array.isArray(body.mensagens)) throw new Error(`outbox failed: ${JSON.stringify(body)}`);
    return body.mensagens;
  }

  /** The single message sent so far (fails the test when there is not exactly one). */
  async onlySent(): Promise<OutboxEntry> {
    const sent = await this.outbox();
    if (sent.length !== 1) throw new Error(`expected one sent message, found ${sent.length}: ${JSON.stringify(sent)}`);
    return sent[0]!;
  }

  cleanup(): void {
    this.box.cleanup();
  }
}

export interface DeviceSandboxFixture {
  readonly emulator: RunningEmulator;
  readonly dev: DeviceSandbox;
}

/** The send tests' hooks: one emulator for the file, a fresh DeviceSandbox (`.dev`) for each test. */
export function useDeviceSandbox(): DeviceSandboxFixture {
  const base = useEmulator();
  const dev = fixtureForEach(
    () => DeviceSandbox.create(base.emulator),
    (sandbox) => sandbox.cleanup(),
  );
  return {
    get emulator() {
      return base.emulator;
    },
    get dev() {
      return dev();
    },
  };
}

/** The id a confirmation line carries: "… (id X)". */
export function idInLine(stdout: string): string | undefined {
  return /\(id ([^)]+)\)/.exec(stdout)?.[1];
}
