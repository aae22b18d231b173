/** The wall-clock time of `date` in `timeZone`, spelled `YYYY-MM-DD HH:MM:SS` as the seed's dates are. */
export function wallClock(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The instant `seconds` from now, rounded up to a whole second, since `agendamento` has second precision. */
export function wholeSecondsAhead(seconds: number): Date {
  return new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000);
}

/** Milliseconds between two wall-clock strings of the same zone. */
export function wallClockDistance(a: string, b: string): number {
  return Math.abs(Date.parse(`${a.replace(' ', 'T')}Z`) - Date.parse(`${b.replace(' ', 'T')}Z`));
}
