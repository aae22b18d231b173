// When a scheduled message (scheduleMessage) goes out: `--at` in the service's format (sent as written), ISO 8601 with
// an offset, or `--in` a duration; the last two are converted into the service's zone, a profile setting.
import { UsageError } from '../../../errors.js';
import { parseDuration } from './duration.js';
import {
  formatWallTime,
  instantsOf,
  isKnownZone,
  isValidWallTime,
  parseWallTime,
  wallAsUtc,
  wallTimeAt,
} from './zoned-time.js';

export interface ScheduleTime {
  /** The `agendamento` to send: `YYYY-MM-DD HH:MM:SS` on the service's clock. */
  agendamento: string;
  /** The instant it names (the earlier one when the zone's clock shows it twice). */
  instant: number;
  /** Set when the zone's clock shows that time twice (a DST change), so the service may pick either. */
  repeated: boolean;
}

export interface ScheduleInput {
  at?: string;
  in?: string;
}

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** The service's zone, checked: an unknown zone would make every conversion wrong. */
export function serviceZone(zone: string, source: string): string {
  if (!isKnownZone(zone)) {
    throw new UsageError(
      `The timezone setting "${zone}" (from ${source}) is not an IANA zone — fix it with \`chatbot config set timezone America/Sao_Paulo\``,
    );
  }
  return zone;
}

/** Epoch ms of an ISO 8601 time with an offset (`Z`, `±HH:MM`, `±HHMM`, `±HH`); undefined when not one. */
export function parseIsoWithOffset(text: string): number | undefined {
  const match = ISO_WITH_OFFSET.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const wall = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s ?? 0),
  };
  const offsetHours = Number(oh ?? 0);
  const offsetMinutes = Number(om ?? 0);
  if (!isValidWallTime(wall) || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = zulu ? 0 : (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  return wallAsUtc(wall) + millis - offset;
}

/** Whole seconds only travel in `agendamento`: round up so the message never goes out earlier than asked. */
function ceilToSecond(epochMs: number): number {
  return Math.ceil(epochMs / 1000) * 1000;
}

function fromInstant(epochMs: number, zone: string): ScheduleTime {
  const instant = ceilToSecond(epochMs);
  const wall = wallTimeAt(instant, zone);
  return { agendamento: formatWallTime(wall), instant, repeated: instantsOf(wall, zone).length > 1 };
}

function badAt(value: string, zone: string): never {
  throw new UsageError(
    `--at must be "YYYY-MM-DD HH:MM:SS" on the service's clock (${zone}) or ISO 8601 with an offset such as ` +
      `2030-06-01T14:30:00-03:00 (got "${value}")`,
  );
}

function fromAt(value: string, zone: string): ScheduleTime {
  const trimmed = value.trim();
  const wall = parseWallTime(trimmed);
  if (wall) {
    const [instant, ...later] = instantsOf(wall, zone);
    if (instant === undefined) {
      throw new UsageError(
        `--at "${trimmed}" does not exist in ${zone}: the clocks skip it at a DST change — pick another time`,
      );
    }
    return { agendamento: trimmed, instant, repeated: later.length > 0 };
  }
  const instant = parseIsoWithOffset(trimmed);
  if (instant === undefined) badAt(value, zone);
  return fromInstant(instant, zone);
}

/** Resolves `--at` or `--in` against the zone and checks that the time is still ahead of `now`. */
export function resolveScheduleTime(input: ScheduleInput, zone: string, now: number): ScheduleTime {
  if (input.at !== undefined && input.in !== undefined) throw new UsageError('Give either --at or --in, not both');
  if (input.in !== undefined) return fromInstant(now + parseDuration('--in', input.in), zone);
  if (input.at === undefined) throw new UsageError('Missing --at or --in — say when to send, e.g. --in 10m');
  const time = fromAt(input.at, zone);
  if (time.instant <= now) {
    throw new UsageError(
      `--at must be in the future: "${input.at.trim()}" is ${time.agendamento} in ${zone}, ` +
        `and it is now ${formatWallTime(wallTimeAt(now, zone))} there`,
    );
  }
  return time;
}
