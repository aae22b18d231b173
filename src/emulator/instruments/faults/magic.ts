// Magic recipients: numbers that always fail one way, so a test needs no setup call (like a payment test card).
import type { FaultAction, FaultHit } from './rules.js';
import { NAMED_ERRORS, type ErrorAnswer } from './named-errors.js';

const named = ({ status, message }: ErrorAnswer): FaultAction => ({ status, message });

/** `+55 00 0000-0XXX`: area code 00 does not exist in Brazil, so no real number is ever one of these. */
export const MAGIC_RECIPIENTS: ReadonlyMap<string, FaultAction> = new Map([
  ['5500000000500', named(NAMED_ERRORS.internal)],
  ['5500000000503', named(NAMED_ERRORS.unavailable)],
  ['5500000000403', named(NAMED_ERRORS.license)],
  ['5500000000429', named(NAMED_ERRORS['rate-limit'])],
  ['5500000000404', named(NAMED_ERRORS['not-connected'])],
  ['5500000000200', { ...named(NAMED_ERRORS.internal), http200: true }],
  ['5500000000000', { drop: true }],
]);

/** The fault of the first magic recipient among `recipients`, if any. */
export function magicFault(recipients: readonly string[]): FaultHit | undefined {
  for (const to of recipients) {
    const action = MAGIC_RECIPIENTS.get(to);
    if (action) return { source: `magic:${to}`, action };
  }
  return undefined;
}
