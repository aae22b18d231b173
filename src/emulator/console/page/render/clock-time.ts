// Times as the page shows them: in the emulator's time zone (its `tz`, the zone of `agendamento` and `dataEnvio`,
// which the emulator puts in the page's first reads), on the 24-hour clock the contact's phone shows (pt-BR), so the
// console and the CLI (which shows the profile's zone) agree whatever zone the browser is in. The wall clock is
// rules/zoned-time.ts's, the emulator's own. Until a zone is set (a unit test), the browser's.
import { formatDateTime } from '../../../rules/zoned-time.js';

let zone: string | undefined;

/** The zone every time on the page is shown in; an unknown name leaves the browser's. */
export function useTimeZone(name: string | undefined): void {
  zone = undefined;
  if (!name) return;
  try {
    formatDateTime(0, name);
    zone = name;
  } catch {
    // Not a zone this browser knows: the browser's own zone, rather than no times at all.
  }
}

export function timeZoneShown(): string | undefined {
  return zone;
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` of an instant in the zone shown. */
function wallClock(iso: string): string {
  const at = new Date(iso);
  if (zone) return formatDateTime(at.getTime(), zone);
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  return `${date} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
}

/** A message's time: hours and minutes, `07:05`. */
export function messageTime(iso: string): string {
  return wallClock(iso).slice(11, 16);
}

/** A log entry's time: hours, minutes and seconds, `07:05:09`. */
export function logTime(iso: string): string {
  return wallClock(iso).slice(11, 19);
}

/** The test clock's time: date and time, with the zone's name, `2026-11-26 14:05:09 America/Sao_Paulo`. */
export function clockTime(iso: string): string {
  return zone ? `${wallClock(iso)} ${zone}` : wallClock(iso);
}
