// URL checks shared by the CLI and the listener, kept apart from validate.ts so that light modules can use them
// without libphonenumber-js.
import { UsageError } from './errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for an absolute http(s) URL with a host and no white space. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

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

/** True for a host name of this machine's loopback interface. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}
