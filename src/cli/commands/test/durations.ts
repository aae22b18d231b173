// Durations as conversation files write them (src/duration.ts's grammar, or a bare number of milliseconds), and
// as reports print them.
import { durationProblem, parseDuration } from '../../../duration.js';
import type { Duration } from './file-types.js';

/** Milliseconds of a conversation file's duration: `500ms`, `90s`, `1h30m`, or a bare number of milliseconds. */
export function durationMs(duration: Duration): number {
  const ms = parseDuration(String(duration), 'ms');
  if (ms === undefined) throw new Error(durationProblem(String(duration), 'ms'));
  return ms;
}

/** `1.5 s`, `250 ms`: for reports. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
