// Wall-clock times in an IANA zone with Intl only: the service's `YYYY-MM-DD HH:MM:SS` and the instants it names.

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
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

/** True when the runtime knows the zone. */
export function isKnownZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in the zone (to the second). */
export function wallTimeAt(epochMs: number, zone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS`. */
export function formatWallTime(wall: WallTime): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** The wall time read as if it were UTC, in epoch ms (years below 100 included, unlike Date.UTC). */
export function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** True when the fields name a real calendar date and time of day. */
export function isValidWallTime(wall: WallTime): boolean {
  const date = new Date(wallAsUtc(wall));
  return (
    date.getUTCFullYear() === wall.year &&
    date.getUTCMonth() === wall.month - 1 &&
    date.getUTCDate() === wall.day &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59
  );
}

const SERVICE_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Reads `YYYY-MM-DD HH:MM:SS`; undefined when malformed or not a real date and time (Feb 30, 24:00). */
export function parseWallTime(text: string): WallTime | undefined {
  const match = SERVICE_FORMAT.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  return isValidWallTime(wall) ? wall : undefined;
}

/** Zone offset (wall minus UTC, ms) at an instant. */
function offsetAt(epochMs: number, zone: string): number {
  return wallAsUtc(wallTimeAt(epochMs, zone)) - Math.floor(epochMs / 1000) * 1000;
}

function sameWall(a: WallTime, b: WallTime): boolean {
  return formatWallTime(a) === formatWallTime(b);
}

/**
 * Every instant at which the zone's clock shows `wall`, earliest first: none when a DST jump skips it, two when a
 * jump back repeats it. Offsets are sampled a day either side, which covers any single transition near the time.
 */
export function instantsOf(wall: WallTime, zone: string): number[] {
  const asUtc = wallAsUtc(wall);
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((shift) => offsetAt(asUtc + shift, zone)));
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = asUtc - offset;
    if (sameWall(wallTimeAt(candidate, zone), wall)) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}
