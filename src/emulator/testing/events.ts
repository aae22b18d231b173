// Follows GET /__emulator/events for chatbot-cli/emulator: each Server-Sent Event parsed into a LiveEvent.
import type { LiveEvent } from '../control/types.js';

export interface FollowOptions {
  /** Resume after this event id (as a browser's Last-Event-ID does). */
  lastEventId?: number;
  /** Only the messages of these chats, each `<device id>:<chat>` (an empty list: none); every chat when absent. */
  chats?: readonly string[];
  /** false: without the request and webhook logs (`request` and `webhook` events). */
  logs?: boolean;
  /**
   * On a resume: the chats (`<device id>:<chat>`) and `logs` it did not follow before; the missed events are then
   * followed by a snapshot of those.
   */
  fresh?: readonly string[];
  /** Ends the stream (the iteration then ends). */
  signal?: AbortSignal;
}

/** The stream's query string: what the follower asks for. */
function eventsQuery(options: FollowOptions): string {
  const query = new URLSearchParams();
  if (options.chats !== undefined) query.set('chats', options.chats.join(','));
  if (options.logs !== undefined) query.set('logs', String(options.logs));
  if (options.fresh !== undefined && options.fresh.length > 0) query.set('fresh', options.fresh.join(','));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** One event's lines (`id:`, `event:`, `data:`) as a LiveEvent; a comment (heartbeat) or `retry:` alone is none. */
export function parseEventBlock(block: string): LiveEvent | undefined {
  let id: number | undefined;
  let type: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = Number(value);
    else if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (id === undefined || type === undefined || data.length === 0) return undefined;
  return { id, type, data: JSON.parse(data.join('\n')) as unknown } as LiveEvent;
}

/**
 * Connects, and resolves once the emulator has answered (every event from then on is in the stream; a refused
 * connection or another answer than 200 throws), with each event as it comes until the signal aborts or the
 * emulator ends the stream.
 */
export async function openEvents(
  url: string,
  headers: Record<string, string>,
  options: FollowOptions = {},
): Promise<AsyncGenerator<LiveEvent>> {
  const resume: Record<string, string> =
    options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) };
  const init: RequestInit = { headers: { ...headers, ...resume, accept: 'text/event-stream' } };
  if (options.signal) init.signal = options.signal;
  const res = await fetch(`${url}/__emulator/events${eventsQuery(options)}`, init);
  if (!res.ok || !res.body) throw new Error(`/__emulator/events answered ${res.status}`);
  return parsed(res.body, options.signal);
}

/** Every event of the stream as it comes, until the signal aborts or the emulator ends the stream. */
export async function* followEvents(
  url: string,
  headers: Record<string, string>,
  options: FollowOptions = {},
): AsyncGenerator<LiveEvent> {
  yield* await openEvents(url, headers, options);
}

async function* parsed(body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<LiveEvent> {
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of body) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const event = parseEventBlock(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        if (event) yield event;
      }
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}
