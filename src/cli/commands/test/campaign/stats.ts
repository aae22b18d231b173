// Percentiles and a histogram of answer times (exact: a run keeps every sample, a few numbers per contact step).
import type { LoadBucket, LoadPercentiles } from '../../../../emulator/control/types.js';

export type Percentiles = LoadPercentiles;

/** The nearest-rank percentile `p` (0–100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? null,
  };
}

export type Bucket = LoadBucket;

/** Counts per bucket, bucket edges doubling from 1 ms (1, 2, 4, … ms): answer times span several orders. */
export function histogram(values: readonly number[]): Bucket[] {
  if (values.length === 0) return [];
  const top = Math.max(...values);
  const buckets: Bucket[] = [{ fromMs: 0, toMs: 1, count: 0 }];
  while ((buckets.at(-1)?.toMs ?? 0) <= top) {
    const last = buckets.at(-1)?.toMs ?? 1;
    buckets.push({ fromMs: last, toMs: last * 2, count: 0 });
  }
  for (const value of values) {
    const bucket = buckets.find((candidate) => value < candidate.toMs) ?? buckets.at(-1);
    if (bucket) bucket.count += 1;
  }
  return buckets;
}
