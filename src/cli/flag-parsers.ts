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
