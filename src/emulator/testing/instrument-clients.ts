// The control client's parts for the instruments: fault rules and the test clock.
import { ControlApi } from '../control/client.js';
import type { ClockAnswer } from '../control/types.js';
import type { ClockState, FaultRule, FaultRuleInput } from './types.js';

/** What both parts call: a control route, its answer back (throws unless it is a 200). */
export type ControlCall = (path: string, body?: unknown) => Promise<Record<string, unknown>>;

export class FaultsClient {
  private readonly api: ControlApi;

  constructor(call: ControlCall) {
    this.api = new ControlApi(call);
  }

  /** Adds a rule; it acts on matching service requests until removed (or `times` of them). */
  async add(rule: FaultRuleInput): Promise<FaultRule> {
    return (await this.api.addFault(rule)).falha;
  }

  async list(): Promise<FaultRule[]> {
    return (await this.api.faults()).falhas;
  }

  async remove(id: string): Promise<void> {
    await this.api.removeFault({ id });
  }

  async clear(): Promise<void> {
    await this.api.clearFaults();
  }
}

export class ClockClient {
  private readonly api: ControlApi;

  constructor(call: ControlCall) {
    this.api = new ControlApi(call);
  }

  private static state(clock: ClockAnswer): ClockState {
    return { now: new Date(clock.agora), moved: clock.alterado };
  }

  async now(): Promise<ClockState> {
    return ClockClient.state(await this.api.clock());
  }

  /** Puts the clock at `at`; it keeps running from there. */
  async set(at: Date | string | number): Promise<ClockState> {
    return ClockClient.state(await this.api.setClock({ at: at instanceof Date ? at.toISOString() : at }));
  }

  /** Moves the clock forward: milliseconds, or text like `90s`, `15m`, `1h30m`. Due schedules go out at once. */
  async advance(by: number | string): Promise<ClockState> {
    return ClockClient.state(await this.api.advanceClock({ by }));
  }

  async reset(): Promise<ClockState> {
    return ClockClient.state(await this.api.resetClock());
  }
}
