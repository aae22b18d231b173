// The http(s) URL check, kept apart from validate.ts so that light modules can use it without libphonenumber-js.
import { UsageError } from '../errors.js';

/** An http(s) URL; anything else is a usage error naming `flag`. */
export function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL such as https://example.com/hook (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${flag} must be an http(s) URL (got the ${url.protocol} scheme)`);
  }
  return value;
}
