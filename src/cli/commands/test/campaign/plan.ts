// What a load run does, from its flags and the files' `load:` section (the flags win), checked before anything
// starts: arrival phases, how many contacts, the share redelivered, the thresholds; and the conversations it refuses.
import { UsageError } from '../../../../errors.js';
import type { Suite } from '../file-types.js';
import { parseArrival, describePhases, type Phase } from './arrival.js';
import { parseShare } from './redeliver.js';
import { DEFAULT_MAX, parseThresholds, type Threshold } from './thresholds.js';

export interface LoadFlags {
  arrival?: string | undefined;
  contacts?: number | undefined;
  redeliver?: string | undefined;
  max?: string | undefined;
}

export interface CheckedPlan {
  phases: Phase[];
  contacts: number | undefined;
  redeliver: number;
  thresholds: Threshold[];
  /** `100 contacts, 10/s for 10 s`: for reports. */
  description: string;
}

/** Without --arrival, --contacts or a `load:` section: 10 contacts a second for 10 seconds. */
export const DEFAULT_ARRIVAL = '10/s:10s';

/** The emulator's clock is one for every contact: a conversation that moves it cannot run beside others. */
function refuseClockSteps(suite: Suite): void {
  for (const conversation of suite.conversations) {
    const { spec } = conversation;
    const step = spec.steps.findIndex((candidate) => candidate.advance !== undefined);
    const why = spec.clock !== undefined ? '`clock`' : step >= 0 ? `step ${step + 1} (\`advance\`)` : undefined;
    if (why === undefined) continue;
    const line = step >= 0 ? `:${conversation.stepLines[step] ?? 0}` : '';
    throw new UsageError(
      `${conversation.file}${line}: "${spec.name}" moves the emulator's clock with ${why}, which --load refuses: the clock is one for every contact, so moving it for one would move it under all the others. Leave it out with --grep, or run it with \`chatbot test\``,
    );
  }
}

export function loadPlanOf(suite: Suite, flags: LoadFlags): CheckedPlan {
  refuseClockSteps(suite);
  const fromFile = suite.load;
  const contacts = flags.contacts ?? fromFile?.contacts;
  const arrivalText = flags.arrival ?? fromFile?.arrival ?? (contacts === undefined ? DEFAULT_ARRIVAL : undefined);
  const source = flags.arrival !== undefined ? '--arrival' : `${fromFile?.file ?? ''} load.arrival`;
  const phases = arrivalText === undefined ? [] : parseArrival(arrivalText, source);
  if (contacts === undefined && phases.at(-1)?.durationMs === undefined && phases.length > 0) {
    throw new UsageError(`${source}: the last phase needs a duration, or give the number of contacts (--contacts N)`);
  }
  const redeliver = flags.redeliver === undefined ? 0 : parseShare(flags.redeliver);
  if (redeliver === undefined) {
    throw new UsageError(`--redeliver ${flags.redeliver ?? ''} is not a share: write it as 5% (or 0.05)`);
  }
  const thresholds = parseThresholds(flags.max ?? DEFAULT_MAX);
  return { phases, contacts, redeliver, thresholds, description: describePhases(phases, contacts) };
}
