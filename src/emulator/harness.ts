// What the emulator offers tests beyond the service: fault rules, the test clock, the request log.
import type { TestClock } from './clock.js';
import type { FaultRules } from './faults/rules.js';
import type { RequestLog } from './request-log.js';

export interface Harness {
  clock: TestClock;
  faults: FaultRules;
  requests: RequestLog;
  /** `requireConnected` as the emulator was started with (what reset goes back to). */
  requireConnectedAtStart: boolean;
  /** Sends the schedules a clock move made due and wakes the webhook worker. */
  afterClockMove(): void;
  /** After a reset wiped the store: the webhook worker forgets the deliveries it held and aborts their attempts. */
  afterReset(): void;
}
