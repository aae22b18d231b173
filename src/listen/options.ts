// Checks of listen's own flags: the --events filter and the --path to accept POSTs on.
import { UsageError } from '../errors.js';
import { isLoopbackHost } from '../url.js';

/** The event kinds the service documents (`evento` values); other kinds still show when no filter is set. */
export const EVENT_KINDS = ['text', 'button', 'location', 'poll_vote', 'reaction'] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** The default port of `chatbot listen` (next to the emulator's 8484). */
export const DEFAULT_LISTEN_PORT = 8485;

const isKind = (value: string): value is EventKind => (EVENT_KINDS as readonly string[]).includes(value);

/** Parses `--events text,button` into the set of kinds to keep; names are case-insensitive, spaces ignored. */
export function parseEvents(value: string): ReadonlySet<EventKind> {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const valid = EVENT_KINDS.join(', ');
  if (names.length === 0) throw new UsageError(`--events needs at least one event name (valid: ${valid})`);
  const unknown = names.filter((name) => !isKind(name));
  if (unknown.length > 0) {
    const list = unknown.map((name) => `"${name}"`).join(', ');
    throw new UsageError(`--events: unknown event ${list} — valid events are: ${valid}`);
  }
  return new Set(names.filter(isKind));
}

/** Parses `--path`: an absolute URL path without query or fragment; a trailing slash is not significant. */
export function parsePath(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || /[?#\s]/.test(trimmed)) {
    throw new UsageError(
      `--path must be a URL path starting with "/", without query or spaces, e.g. /webhook (got "${value}")`,
    );
  }
  return normalizePath(trimmed);
}

/** `/hook/` and `/hook` are the same path; the root stays `/`. */
export function normalizePath(path: string): string {
  const stripped = path.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

/** True when `forwardTo` would send events back to this listener (an endless loop). */
export function pointsAtItself(forwardTo: string, host: string, port: number, path: string): boolean {
  const target = new URL(forwardTo);
  const targetPort = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  if (targetPort !== port || normalizePath(target.pathname) !== path) return false;
  if (target.hostname === host) return true;
  return isLoopbackHost(target.hostname) && (isLoopbackHost(host) || ANY_ADDRESS.has(host));
}
