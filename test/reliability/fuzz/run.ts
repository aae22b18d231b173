// One fuzzing session: the spawned emulator, its database read-only, the keyring, and the three properties checked
// for every generated request (answer shape, server still answering, state consistent).
import fc from 'fast-check';
import { waitFor } from '../../support/wait-for.js';
import { answerProblems } from './answer-check.js';
import { oversizeRequest, requestArbitrary } from './bodies.js';
import { EmulatorProcess } from './emulator-process.js';
import type { Endpoint } from './endpoints.js';
import { CONTACT, fixtureRows, restoreKeyring, setUpKeyring, type Keyring } from './fixtures.js';
import { describeRequest, printable, type FuzzRequest } from './request.js';
import { countChanges, StateProbe } from './state.js';
import { deliver, type Answer } from './transport.js';
import { WebhookSink } from './webhook-sink.js';

/** No answer within this long is a hang. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Health + a valid send after every this many bodies (property 2). */
const ALIVE_EVERY = 100;
const DUE_SCHEDULE_WAIT_MS = 10_000;

export interface EndpointFigures {
  bodies: number;
  rejectedUnchanged: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
}

export function emptyFigures(): EndpointFigures {
  return { bodies: 0, rejectedUnchanged: 0, statuses: {} };
}

export class FuzzRun {
  private aliveChecks = 0;
  /** The first failure of the current property, before shrinking (a hang can make later requests fail too). */
  private firstFailure: string | undefined;

  private constructor(
    readonly emulator: EmulatorProcess,
    readonly probe: StateProbe,
    readonly sink: WebhookSink,
    public keyring: Keyring,
  ) {}

  /** Starts the emulator and its fixtures; when a fixture fails, stops what started (no emulator process left behind). */
  static async start(): Promise<FuzzRun> {
    const emulator = await EmulatorProcess.start();
    let probe: StateProbe | undefined;
    let sink: WebhookSink | undefined;
    try {
      probe = new StateProbe(emulator.db);
      sink = await WebhookSink.start();
      return new FuzzRun(emulator, probe, sink, await setUpKeyring(emulator.url, probe, sink.url));
    } catch (error) {
      probe?.close();
      await sink?.close();
      await emulator.stop();
      throw error;
    }
  }

  /** Sets the keyring up again from scratch (after a reset emptied the emulator). */
  async setUpAgain(): Promise<void> {
    this.keyring = await setUpKeyring(this.emulator.url, this.probe, this.sink.url);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    this.probe.close();
    await this.sink.close();
    await this.emulator.stop(signal);
  }

  /**
   * Runs `runs` generated bodies against the endpoint, then two bodies over 1 MiB, checking the properties; counts
   * into `figures` as it goes, so a failing run still tells how many bodies it sent.
   */
  async fuzz(endpoint: Endpoint, runs: number, figures: EndpointFigures): Promise<void> {
    await restoreKeyring(this.emulator.url, this.probe, this.keyring).catch((error: unknown) => {
      throw new Error(
        `restoring the fixtures failed: ${String(error)}${this.emulator.describeExit() ? ` — ${this.emulator.describeExit()}` : ''}`,
      );
    });
    const requests = requestArbitrary(endpoint.path, endpoint.fields(this.keyring));
    const property = fc.asyncProperty(requests, async (req) => {
      await this.check(req, figures);
      if (figures.bodies % ALIVE_EVERY === 0) await this.checkAlive();
    });
    this.firstFailure = undefined;
    try {
      await fc.assert(property, { numRuns: runs }).catch((error: unknown) => {
        if (error instanceof Error && this.firstFailure)
          error.message += `\n\nFirst failure, before shrinking:\n${this.firstFailure}`;
        throw error;
      });
      const keys = { authkey: this.keyring.main.authkey, appkey: this.keyring.device.appkey, to: CONTACT };
      for (const delivery of ['oversize-declared', 'oversize-chunked'] as const) {
        await this.check(printable(oversizeRequest(endpoint.path, delivery, keys)), figures);
      }
      await this.checkAlive();
    } finally {
      this.orphansOrThrow();
    }
  }

  /** Sends one request and checks properties 1 and 3 for it; throws with the request and the answer when one fails. */
  async check(req: FuzzRequest, figures: EndpointFigures): Promise<Answer> {
    await this.waitForDueSchedules();
    const rows = fixtureRows(this.keyring);
    const before = this.probe.counts();
    const fixturesBefore = this.probe.fixtureRows(rows);
    figures.bodies += 1;
    let answer: Answer;
    try {
      answer = await deliver(this.emulator.url, req, REQUEST_TIMEOUT_MS);
    } catch (error) {
      throw this.failure(req, undefined, [error instanceof Error ? error.message : String(error)]);
    }
    figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
    const problems = answerProblems(req, answer);
    if (answer.status >= 400) {
      const changed = countChanges(before, this.probe.counts());
      if (changed.length > 0) problems.push(`a rejected request changed row counts: ${changed.join(', ')}`);
      if (this.probe.fixtureRows(rows) !== fixturesBefore)
        problems.push('a rejected request changed a fixture device, group or OTP');
      if (changed.length === 0) figures.rejectedUnchanged += 1;
    }
    if (problems.length > 0) throw this.failure(req, answer, problems);
    return answer;
  }

  /** Property 2: the emulator runs, answers health, and takes a valid send that lands in its database. */
  async checkAlive(): Promise<void> {
    this.aliveChecks += 1;
    const gone = this.emulator.describeExit();
    if (gone) throw new Error(gone);
    const health = await this.plain('/__emulator/health', {});
    if (health.status !== 200 || health.text !== '{"status":200,"message":"ok"}') {
      throw new Error(`health check failed: HTTP ${health.status} ${health.text.slice(0, 300)}`);
    }
    const message = `fuzz alive check ${this.aliveChecks}`;
    const sent = await this.plain('/api/create-message', {
      authkey: this.keyring.main.authkey,
      appkey: this.keyring.device.appkey,
      to: CONTACT,
      message,
    });
    const id =
      sent.status === 200 ? ((JSON.parse(sent.text) as { data?: { idMensagem?: string } }).data?.idMensagem ?? '') : '';
    if (!id || !this.probe.messageExists(id))
      throw new Error(`a valid send failed: HTTP ${sent.status} ${sent.text.slice(0, 300)}`);
  }

  /** Property 3 (part): no row without its device or account. */
  orphansOrThrow(): void {
    const orphans = this.probe.orphans();
    if (orphans.length > 0) throw new Error(`inconsistent state: ${orphans.join('; ')}`);
  }

  /** A plain JSON POST outside the fuzzing (health, alive sends). */
  private plain(path: string, body: Record<string, unknown>): Promise<Answer> {
    const req: FuzzRequest = {
      method: 'POST',
      path,
      query: '',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
      delivery: 'normal',
      label: 'json',
    };
    return deliver(this.emulator.url, req, REQUEST_TIMEOUT_MS).catch((error: unknown) => {
      const gone = this.emulator.describeExit();
      throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}${gone ? ` — ${gone}` : ''}`);
    });
  }

  /**
   * Accepted schedules already due are sent by the emulator's scheduler (every 250 ms) on its own, which changes
   * counts; waiting for them keeps the count comparison about the request alone.
   */
  private async waitForDueSchedules(): Promise<void> {
    await waitFor(() => this.probe.dueSchedules(Date.now() + 1_000) === 0, {
      what: 'the due scheduled messages to be sent',
      timeoutMs: DUE_SCHEDULE_WAIT_MS,
    });
  }

  private failure(req: FuzzRequest, answer: Answer | undefined, problems: string[]): Error {
    const gone = this.emulator.describeExit();
    const shown = answer ? `HTTP ${answer.status} ${answer.text.slice(0, 600)}` : '(none)';
    const text = [
      `request: ${describeRequest(req)}`,
      `answer: ${shown}`,
      `problems: ${problems.join('; ')}`,
      ...(gone ? [gone] : []),
    ].join('\n');
    this.firstFailure ??= text;
    return new Error(text);
  }
}
