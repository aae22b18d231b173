// `--in` durations such as 30s, 10m, 2h, 1d or 1h30m.
import { UsageError } from '../../../errors.js';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;
const WHOLE = /^(\d+[smhd])+$/;
const PART = /(\d+)([smhd])/g;

/** The longest `--in` accepted: beyond it a typo is likelier than a plan. */
export const MAX_DURATION_MS = 3650 * UNIT_MS.d;

/** Milliseconds of a duration made of number+unit parts (s, m, h, d), more than zero. */
export function parseDuration(flag: string, value: string): number {
  const compact = value.trim().toLowerCase();
  if (!WHOLE.test(compact)) {
    throw new UsageError(`${flag} must be a duration such as 30s, 10m, 2h, 1d or 1h30m (got "${value}")`);
  }
  let total = 0;
  // PART's second group is one of UNIT_MS's keys.
  for (const [, amount, unit] of compact.matchAll(PART)) total += Number(amount) * UNIT_MS[unit as Unit];
  if (total <= 0) throw new UsageError(`${flag} must be longer than zero (got "${value}")`);
  if (total > MAX_DURATION_MS) throw new UsageError(`${flag} must be at most 3650d (got "${value}")`);
  return total;
}
