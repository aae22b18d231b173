// The one place load mode reads a duration (arrival phases, --max limits): the test command's own parser, so that
// `30s` means here what it means in a conversation file.
import { durationMs } from '../durations.js';

/** Milliseconds of `500ms`, `30s`, `2m`, … (a bare number is milliseconds); undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(ms|s|m|h|d)?$/.test(trimmed)) return undefined;
  return durationMs(trimmed);
}
