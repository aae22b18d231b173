// Parsers of flag values, for `flag.parsed` in command definitions: each throws commander's InvalidArgumentError.
import { InvalidArgumentError } from 'commander';

/** Parses a positive number of seconds. */
export function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number of seconds');
  return parsed;
}

/** Parses a TCP port (0 = any free port). */
export function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  }
  return parsed;
}

/** Parses a whole number of at least 1. */
export function count(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return parsed;
}

/** Parses an HTTP status code, 100 to 599. */
export function httpStatus(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 100 || parsed > 599)
    throw new InvalidArgumentError('expected an HTTP status from 100 to 599');
  return parsed;
}

/** `500ms`, `3s`, `15m`, `2h`, `1d` (a bare number is milliseconds) → the same text, checked. */
export function duration(value: string): string {
  const trimmed = value.trim();
  if (!/^\d+(ms|s|m|h|d)?$/.test(trimmed))
    throw new InvalidArgumentError('expected a duration like 500ms, 90s, 15m, 2h or 1d');
  return trimmed;
}
