// Durations as conversation files write them: 500ms, 3s, 15m, 2h, 1d, or a bare number of milliseconds.
import type { Duration } from './format.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration the schema has checked. */
export function durationMs(duration: Duration): number {
  if (typeof duration === 'number') return duration;
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(duration.trim());
  if (!match) throw new Error(`not a duration: ${duration}`);
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1);
}

/** `1.5 s`, `250 ms`: for reports. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
