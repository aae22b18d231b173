// Follows GET /__emulator/events for chatbot-cli/emulator: each Server-Sent Event parsed into a LiveEvent (a stream
// begins with a `snapshot`, see docs/emulator.md), and, when asked, a dropped stream taken up from the last id seen.
import { setTimeout as delay } from 'node:timers/promises';
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
  /**
   * followEvents only: a stream the emulator dropped is taken up again from the last event's id (the missed events
   * come, then the live ones), after RESUME_DELAY_MS, until the signal aborts or RESUME_ATTEMPTS in a row fail.
   */
  resume?: boolean;
}

/** As the emulator's `retry:` says. */
export const RESUME_DELAY_MS = 1000;
/** Reconnections in a row that may fail before the emulator counts as gone (the iteration then throws). */
export const RESUME_ATTEMPTS = 5;

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

/**
 * Every event of the stream as it comes (a snapshot first), until the signal aborts or the emulator ends the stream;
 * with `resume`, a dropped stream is taken up again from the last id seen.
 */
export async function* followEvents(
  url: string,
  headers: Record<string, string>,
  options: FollowOptions = {},
): AsyncGenerator<LiveEvent> {
  let lastEventId = options.lastEventId;
  let stream: AsyncGenerator<LiveEvent> | undefined = await openEvents(url, headers, options);
  while (stream) {
    try {
      for await (const event of stream) {
        lastEventId = event.id;
        yield event;
      }
    } catch (error) {
      if (!options.resume) throw error;
    }
    if (!options.resume || options.signal?.aborted) return;
    stream = await reopen(url, headers, { ...options, ...(lastEventId === undefined ? {} : { lastEventId }) });
  }
}

/** The stream again from `options.lastEventId`, after the delay; undefined once the signal aborts. */
async function reopen(
  url: string,
  headers: Record<string, string>,
  options: FollowOptions,
): Promise<AsyncGenerator<LiveEvent> | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await delay(RESUME_DELAY_MS, undefined, options.signal ? { signal: options.signal } : {});
    } catch {
      return undefined; // Aborted while waiting.
    }
    try {
      return await openEvents(url, headers, options);
    } catch (error) {
      if (options.signal?.aborted) return undefined;
      if (attempt === RESUME_ATTEMPTS) throw error;
    }
  }
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
