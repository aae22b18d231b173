// Thresholds that fail a load run (exit 1) for CI: `--max p95=2s,errors=1%,duplicates=0`. Answer-time limits are
// durations; errors (contacts with a failed step), duplicates (contacts answered twice for one step) and rejected
// (the bot's requests the emulator refused) are a count, or a share with `%`.
import type { LoadThreshold } from '../../../../emulator/control/types.js';
import { UsageError } from '../../../../errors.js';
import { durationProblem, parseDuration } from '../../../../duration.js';

export const TIME_KEYS = ['p50', 'p90', 'p95', 'p99', 'max'] as const;
export const COUNT_KEYS = ['errors', 'duplicates', 'rejected'] as const;

type TimeKey = (typeof TIME_KEYS)[number];
type CountKey = (typeof COUNT_KEYS)[number];

export type Threshold =
  { key: TimeKey; text: string; limitMs: number } | { key: CountKey; text: string; limit: number; percent: boolean };

/** What a run measured, for its thresholds: answer-time percentiles, and each count with what it is a share of. */
export interface Measured {
  time: Record<TimeKey, number | null>;
  counts: Record<CountKey, { count: number; of: number }>;
}

export type ThresholdResult = LoadThreshold;

/** The default when neither --max nor the file sets any: no failed contact and no duplicate answer. */
export const DEFAULT_MAX = 'errors=0,duplicates=0';

function parseOne(part: string, source: string): Threshold {
  const [rawKey = '', rawValue = ''] = part.split('=').map((piece) => piece.trim());
  const bad = (why: string) => new UsageError(`${source}: "${part}" ${why}`);
  if ((TIME_KEYS as readonly string[]).includes(rawKey)) {
    const limitMs = parseDuration(rawValue, 'ms');
    if (limitMs === undefined)
      throw bad(`needs a duration, e.g. p95=2s or max=500ms: ${durationProblem(rawValue, 'ms')}`);
    return { key: rawKey as TimeKey, text: rawValue, limitMs };
  }
  if ((COUNT_KEYS as readonly string[]).includes(rawKey)) {
    const percent = rawValue.endsWith('%');
    const limit = Number(percent ? rawValue.slice(0, -1) : rawValue);
    if (rawValue === '' || !Number.isFinite(limit) || limit < 0) throw bad('needs a count or a share, e.g. errors=1%');
    return { key: rawKey as CountKey, text: rawValue, limit, percent };
  }
  throw bad(`names no measure: use ${[...TIME_KEYS, ...COUNT_KEYS].join(', ')}`);
}

export function parseThresholds(text: string, source = '--max'): Threshold[] {
  return text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => parseOne(part, source));
}

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`);

/** Each threshold against what was measured; one with nothing to measure (no answer at all) fails. */
export function checkThresholds(thresholds: readonly Threshold[], measured: Measured): ThresholdResult[] {
  return thresholds.map((threshold) => {
    if ('limitMs' in threshold) {
      const value = measured.time[threshold.key];
      const passed = value !== null && value <= threshold.limitMs;
      return { name: threshold.key, limit: `≤ ${threshold.text}`, value: value === null ? 'none' : ms(value), passed };
    }
    const { count, of } = measured.counts[threshold.key];
    const share = of === 0 ? 0 : (count / of) * 100;
    const passed = threshold.percent ? share <= threshold.limit : count <= threshold.limit;
    const value = threshold.percent ? `${share.toFixed(2)}% (${count} of ${of})` : String(count);
    return { name: threshold.key, limit: `≤ ${threshold.text}`, value, passed };
  });
}
