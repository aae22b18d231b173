// An instant with its zone, as the emulator's clock and request log take it.
import { UsageError } from '../../../errors.js';

/** An instant with its zone: without one, "12:00" would silently mean the emulator machine's zone. */
export function instant(value: string): string {
  const trimmed = value.trim();
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(trimmed) && Number.isFinite(Date.parse(trimmed));
  if (!zoned) throw new UsageError(`<time> must be ISO 8601 with its zone, e.g. 2030-01-01T12:00:00Z (got "${value}")`);
  return trimmed;
}
