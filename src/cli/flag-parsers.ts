// Parsers of flag values, for `flag.parsed` in command definitions: each throws commander's InvalidArgumentError.
import { InvalidArgumentError } from 'commander';
import { durationProblem, parseDuration } from '../duration.js';

/** Parses a duration longer than zero (`90s`, `2m`, `1h30m`, or a bare number of seconds) → seconds. */
export function seconds(value: string): number {
  const ms = parseDuration(value, 'seconds');
  if (ms === undefined) throw new InvalidArgumentError(durationProblem(value, 'seconds'));
  if (ms <= 0) throw new InvalidArgumentError(`expected a duration longer than zero (got ${JSON.stringify(value)})`);
  return ms / 1000;
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

/** A duration (`500ms`, `90s`, `1h30m`, or a bare number of milliseconds) → milliseconds. */
export function duration(value: string): number {
  const ms = parseDuration(value, 'ms');
  if (ms === undefined) throw new InvalidArgumentError(durationProblem(value, 'ms'));
  return ms;
}
