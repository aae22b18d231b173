// What the emulator offers tests beyond the service: fault rules, the test clock, the request log, and the option
// that makes every send need a connected device. The control API steers them; reset puts them back.
import type { Ctx } from '../operations/context.js';
import type { TestClock } from './test-clock.js';
import type { FaultRules } from './faults/rules.js';
import type { RequestLog } from './request-log.js';
import type { AttemptLog } from './attempt-log.js';
import type { Live } from '../live/index.js';
import type { LoadBoard } from './load-board.js';

export interface Instruments {
  clock: TestClock;
  faults: FaultRules;
  requests: RequestLog;
  /** Every webhook attempt's outcome. */
  attempts: AttemptLog;
  /** Live events for the console and other followers. */
  live: Live;
  /** The latest load run's figures (`chatbot test --load`). */
  load: LoadBoard;
  /** `requireConnected` as the emulator was started with (what reset goes back to). */
  requireConnectedAtStart: boolean;
  /** Sends the schedules a clock move made due and wakes the webhook worker. */
  afterClockMove(): void;
  /** After a reset wiped the store: the webhook worker forgets the deliveries it held and aborts their attempts. */
  afterReset(): void;
  /** After an import replaced the store: the webhook worker starts over from the deliveries it holds now. */
  afterImport(): void;
}

/** Reset: no fault rules, an empty request log, no load run, real time, and the connected-device option as at start. */
export function resetInstruments(ctx: Ctx, instruments: Instruments): void {
  instruments.faults.clear();
  instruments.requests.clear();
  instruments.attempts.clear();
  instruments.load.clear();
  instruments.clock.reset();
  ctx.requireConnected = instruments.requireConnectedAtStart;
}
