// Instants as every command writes them: in the profile's time zone, `YYYY-MM-DD HH:MM:SS` or `HH:MM:SS`.
import { clean } from '../../listen/content.js';

/** `YYYY-MM-DD HH:MM:SS` or `HH:MM:SS` of an ISO instant, in `timeZone`. */
export function localTime(iso: string, timeZone: string, clock: 'date-time' | 'time'): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return clean(iso);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    ...(clock === 'date-time' ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}:${part('second')}`;
  return clock === 'time' ? time : `${part('year')}-${part('month')}-${part('day')} ${time}`;
}
