// One webhook POST as the listener received it: the raw bytes, and the JSON object inside when there is one.

export interface ReceivedEvent {
  /** 1 for the first POST accepted, 2 for the next, ... */
  seq: number;
  /** The body exactly as it arrived; forwarding re-sends these bytes. */
  raw: Buffer;
  contentType: string | undefined;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
  /** The body parsed as JSON, when it is JSON at all. */
  json?: { value: unknown };
  /** The body when it is a JSON object: the shape every event of the service has. */
  record?: Record<string, unknown>;
}

/** Reads a POST body; a body that is not JSON keeps only its raw bytes. */
export function readEvent(
  seq: number,
  raw: Buffer,
  contentType: string | undefined,
  receivedAt: number,
): ReceivedEvent {
  const event: ReceivedEvent = { seq, raw, contentType, receivedAt };
  const value = parseJson(raw.toString('utf8'));
  if (value === undefined) return event;
  event.json = value;
  if (value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value)) {
    event.record = value.value as Record<string, unknown>;
  }
  return event;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The event's `evento` value, when it has one. */
export function kindOf(event: ReceivedEvent): string | undefined {
  const evento = event.record?.evento;
  return typeof evento === 'string' && evento !== '' ? evento : undefined;
}

/** A name for the event in reports: its `idMessagem` (also spelled `idMensagem`), else its arrival number. */
export function labelOf(event: ReceivedEvent): string {
  const record = event.record ?? {};
  for (const field of ['idMessagem', 'idMensagem', 'id']) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return `#${event.seq}`;
}

/**
 * The NDJSON line of an event: the body exactly as received when it already is one line of JSON; JSON spread over
 * several lines is re-serialised onto one (same fields, same order); anything else becomes {"raw": "..."}.
 */
export function ndjsonLine(event: ReceivedEvent): string {
  const text = event.raw.toString('utf8');
  if (event.json === undefined) return JSON.stringify({ raw: text });
  const trimmed = text.trim();
  return /[\r\n]/.test(trimmed) ? JSON.stringify(event.json.value) : trimmed;
}
