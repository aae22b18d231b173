// Times as the page shows them, in the browser's locale and zone. One formatter each, made once: toLocaleTimeString
// builds a new one per call, which cost a quarter of a second over a page of 500 messages. Making the first one costs
// about 50 ms in a fresh tab: prepareClock() does it while the page's first reads are on their way.
let hoursMinutes: Intl.DateTimeFormat | undefined;
let withSeconds: Intl.DateTimeFormat | undefined;

/** Makes the formatters now (the page calls it once its first requests are out). */
export function prepareClock(): void {
  hoursMinutes ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  withSeconds ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A message's time: hours and minutes. */
export function messageTime(iso: string): string {
  hoursMinutes ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return hoursMinutes.format(new Date(iso));
}

/** A log entry's time: hours, minutes and seconds. */
export function logTime(iso: string): string {
  withSeconds ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return withSeconds.format(new Date(iso));
}
