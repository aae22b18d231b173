// Times as the page shows them, in the browser's locale and zone. One formatter each, made once: toLocaleTimeString
// builds a new one per call, which cost a quarter of a second over a page of 500 messages.
const HOURS_MINUTES = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const WITH_SECONDS = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A message's time: hours and minutes. */
export function messageTime(iso: string): string {
  return HOURS_MINUTES.format(new Date(iso));
}

/** A log entry's time: hours, minutes and seconds. */
export function logTime(iso: string): string {
  return WITH_SECONDS.format(new Date(iso));
}
