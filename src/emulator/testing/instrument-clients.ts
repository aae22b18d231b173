// The control client's parts for the instruments: fault rules and the test clock.
import type { ClockAnswer, FaultAddedAnswer, FaultsAnswer, RemoveFaultRequest } from '../control/types.js';
import type { ClockState, FaultRule, FaultRuleInput } from './types.js';

/** What both parts call: a control route, its answer back (throws unless it is a 200). */
export type ControlCall = (path: string, body?: unknown) => Promise<Record<string, unknown>>;

export class FaultsClient {
  constructor(private readonly call: ControlCall) {}

  /** Adds a rule; it acts on matching service requests until removed (or `times` of them). */
  async add(rule: FaultRuleInput): Promise<FaultRule> {
    return ((await this.call('/__emulator/faults', rule)) as FaultAddedAnswer).falha;
  }

  async list(): Promise<FaultRule[]> {
    return ((await this.call('/__emulator/faults')) as FaultsAnswer).falhas;
  }

  async remove(id: string): Promise<void> {
    await this.call('/__emulator/faults/remove', { id } satisfies RemoveFaultRequest);
  }

  async clear(): Promise<void> {
    await this.call('/__emulator/faults/clear', {});
  }
}

export class ClockClient {
  constructor(private readonly call: ControlCall) {}

  private static state(body: Record<string, unknown>): ClockState {
    const clock = body as ClockAnswer;
    return { now: new Date(clock.agora), moved: clock.alterado };
  }

  async now(): Promise<ClockState> {
    return ClockClient.state(await this.call('/__emulator/clock'));
  }

  /** Puts the clock at `at`; it keeps running from there. */
  async set(at: Date | string | number): Promise<ClockState> {
    const value = at instanceof Date ? at.toISOString() : at;
    return ClockClient.state(await this.call('/__emulator/clock/set', { at: value }));
  }

  /** Moves the clock forward: milliseconds, or text like `90s`, `15m`, `1h30m`. Due schedules go out at once. */
  async advance(by: number | string): Promise<ClockState> {
    return ClockClient.state(await this.call('/__emulator/clock/advance', { by }));
  }

  async reset(): Promise<ClockState> {
    return ClockClient.state(await this.call('/__emulator/clock/reset', {}));
  }
}
