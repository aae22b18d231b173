// Times as the page shows them, in the browser's time zone, on the 24-hour clock the contact's phone shows (pt-BR).
// Written out by hand: the first Intl.DateTimeFormat in a fresh tab loads the locale's data, 35–100 ms on the page's
// main thread, which a chat opening waited for.

const twoDigits = (n: number): string => String(n).padStart(2, '0');

const hoursMinutes = (at: Date): string => `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;

/** A message's time: hours and minutes, `07:05`. */
export function messageTime(iso: string): string {
  return hoursMinutes(new Date(iso));
}

/** A log entry's time: hours, minutes and seconds, `07:05:09`. */
export function logTime(iso: string): string {
  const at = new Date(iso);
  return `${hoursMinutes(at)}:${twoDigits(at.getSeconds())}`;
}
