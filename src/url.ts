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

/**
 * A webhook address as every command takes it (trimmed): an http(s) URL with a host and nothing blank inside, the
 * emulator's check (`webhookAddress` in src/emulator/rules/recipients.ts); anything else is a usage error naming `flag`.
 */
export function webhookUrl(flag: string, value: string): string {
  const trimmed = value.trim();
  if (/\s/.test(trimmed)) {
    throw new UsageError(
      `${flag} must be an http(s) URL without spaces (got "${value}") — write a space inside it as %20`,
    );
  }
  const url = httpUrl(flag, trimmed);
  if (new URL(url).hostname === '') throw new UsageError(`${flag} must name a host (got "${value}")`);
  return url;
}

/** True for a host name of this machine's loopback interface. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** `host:port` (no scheme), which `new URL` would read as a scheme named after the host. */
const HOST_AND_PORT = /^[A-Za-z0-9.-]+:\d{1,5}(\/.*)?$/;

export interface ServiceUrl {
  url: string;
  /** Set when `host:port` was taken as `http://host:port`, so the caller can say so. */
  assumedHttp: boolean;
  /** The password of `http://user:password@host`, to be masked wherever the URL is printed. */
  password?: string;
}

/**
 * The service's base URL: http(s), `host:port` meaning `http://host:port`, no query string or fragment (paths are
 * appended to it); anything else is a usage error naming `origin`.
 */
export function serviceBaseUrl(origin: string, value: string): ServiceUrl {
  const assumedHttp = HOST_AND_PORT.test(value);
  const url = httpUrl(origin, assumedHttp ? `http://${value}` : value);
  const parsed = new URL(url);
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new UsageError(
      `${origin} must not have a query string or fragment (got "${maskUrlCredentials(url)}"): request paths are appended to it — use scheme://host[:port][/prefix]`,
    );
  }
  const password = parsed.password === '' ? undefined : decodeURIComponent(parsed.password);
  return { url, assumedHttp, ...(password === undefined ? {} : { password }) };
}

/** The URL with the password of its user part masked (`http://ana:****@host`), for anything printed. */
export function maskUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i, '$1:****@');
}
