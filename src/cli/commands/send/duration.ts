// `--in` durations (src/duration.ts's grammar: 30s, 10m, 2h, 1d, 1h30m …; no bare number): more than zero, at most 3650d.
import { UsageError } from '../../../errors.js';
import { DURATION_UNITS_MS, durationProblem, parseDuration as parseAnyDuration } from '../../../duration.js';

/** The longest `--in` accepted: beyond it a typo is likelier than a plan. */
export const MAX_DURATION_MS = 3650 * DURATION_UNITS_MS.d;

/** Milliseconds of a duration more than zero and at most MAX_DURATION_MS. */
export function parseDuration(flag: string, value: string): number {
  const total = parseAnyDuration(value);
  if (total === undefined) throw new UsageError(`${flag}: ${durationProblem(value)}`);
  if (total <= 0) throw new UsageError(`${flag} must be longer than zero (got "${value}")`);
  if (total > MAX_DURATION_MS) throw new UsageError(`${flag} must be at most 3650d (got "${value}")`);
  return total;
}
