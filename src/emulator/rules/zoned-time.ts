// Wall-clock times in an IANA zone: `YYYY-MM-DD HH:MM:SS` formatting and parsing without a date library.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Throws a RangeError for an unknown zone name. */
export function assertZone(zone: string): void {
  formatter(zone);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let lastClock: { second: number; zone: string; clock: WallClock } | undefined;

/** The zone's wall clock at an instant; the last second is remembered, since every send of a burst asks for it. */
function wallClock(epochMs: number, zone: string): WallClock {
  const second = Math.floor(epochMs / 1000);
  if (lastClock?.second === second && lastClock.zone === zone) return lastClock.clock;
  const clock = computeWallClock(epochMs, zone);
  lastClock = { second, zone, clock };
  return clock;
}

function computeWallClock(epochMs: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of an instant in the zone. */
export function formatDateTime(epochMs: number, zone: string): string {
  const c = wallClock(epochMs, zone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** `YYYY-MM-DD` of an instant in the zone. */
export function formatDate(epochMs: number, zone: string): string {
  return formatDateTime(epochMs, zone).slice(0, 10);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant a `YYYY-MM-DD HH:MM:SS` wall-clock time names in the zone, or undefined when malformed or impossible
 * (Feb 30, 24:00). A time skipped by a DST jump is moved forward by the jump; a repeated time takes its first instant.
 */
export function parseDateTime(value: string, zone: string): number | undefined {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (
    year < 1970 ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return resolveInstant(asUtc, zone);
}

/** Offset (ms) of the zone at an instant: wall clock minus UTC. */
function offsetAt(epochMs: number, zone: string): number {
  const c = wallClock(epochMs, zone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(epochMs / 1000) * 1000;
}

function resolveInstant(wallAsUtc: number, zone: string): number {
  const before = offsetAt(wallAsUtc - 86_400_000, zone);
  const after = offsetAt(wallAsUtc + 86_400_000, zone);
  const candidates = [wallAsUtc - before, wallAsUtc - after].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate + offsetAt(candidate, zone) === wallAsUtc) return candidate;
  }
  // Skipped by a forward jump: the same wall time under the earlier offset lands just after the jump.
  return wallAsUtc - before;
}
