// Follows GET /__emulator/events for chatbot-cli/emulator: each Server-Sent Event parsed into a LiveEvent.
import type { LiveEvent } from '../control/types.js';

export interface FollowOptions {
  /** Resume after this event id (as a browser's Last-Event-ID does). */
  lastEventId?: number;
  /** Ends the stream (the iteration then ends). */
  signal?: AbortSignal;
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

/** Every event of the stream as it comes, until the signal aborts or the emulator ends the stream. */
export async function* followEvents(
  url: string,
  headers: Record<string, string>,
  options: FollowOptions = {},
): AsyncGenerator<LiveEvent> {
  const resume: Record<string, string> =
    options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) };
  const init: RequestInit = { headers: { ...headers, ...resume, accept: 'text/event-stream' } };
  if (options.signal) init.signal = options.signal;
  const res = await fetch(`${url}/__emulator/events`, init);
  if (!res.ok || !res.body) throw new Error(`/__emulator/events answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of res.body) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const event = parseEventBlock(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        if (event) yield event;
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
}
