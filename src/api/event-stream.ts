// A Server-Sent Events stream (text/event-stream) read with undici: each event's id, type and data as they come. The
// emulator's live events are the one user (`emulator outbox --follow`, `dev`); the parsing is the few rules of the
// format it writes (blocks of `field: value` lines, comments, several `data:` lines joined), not a general client.
import type { Dispatcher } from 'undici';
import { NetworkError } from '../errors.js';
import { toNetworkError } from './request.js';

export interface StreamEvent {
  id: string | undefined;
  type: string;
  data: string;
}

export interface EventStreamRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  /** How long the headers may take. */
  timeoutMs: number;
  /** The longest silence between two chunks (the emulator sends a heartbeat every 15 s). */
  idleMs: number;
  /** Resume after this event id (Last-Event-ID). */
  lastEventId?: string;
  signal: AbortSignal;
  dispatcher?: Dispatcher;
}

/** One block's fields as an event; a block of comments or `retry:` alone is none. */
export function parseEventBlock(block: string): StreamEvent | undefined {
  let id: string | undefined;
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { id, type, data: data.join('\n') };
}

/** Blocks end at a blank line, whichever line ending the stream uses. */
const BLOCK_END = /\r\n\r\n|\n\n|\r\r/;

/** Splits what has arrived into whole blocks and the unfinished rest. */
function takeBlocks(buffered: string): { blocks: string[]; rest: string } {
  const blocks: string[] = [];
  let rest = buffered;
  for (let end = BLOCK_END.exec(rest); end; end = BLOCK_END.exec(rest)) {
    blocks.push(rest.slice(0, end.index));
    rest = rest.slice(end.index + end[0].length);
  }
  return { blocks, rest };
}

/**
 * Connects (a refused connection or a non-200 answer throws) and resolves once the stream is open, with its events:
 * every one until the stream ends or the signal aborts.
 */
export async function openEventStream(stream: EventStreamRequest): Promise<AsyncGenerator<StreamEvent>> {
  const { request } = await import('./transport.js');
  let response;
  try {
    response = await request(stream.url, {
      method: 'GET',
      ...(stream.dispatcher ? { dispatcher: stream.dispatcher } : {}),
      headers: {
        ...stream.headers,
        accept: 'text/event-stream',
        ...(stream.lastEventId === undefined ? {} : { 'last-event-id': stream.lastEventId }),
      },
      headersTimeout: stream.timeoutMs,
      bodyTimeout: stream.idleMs,
      signal: stream.signal,
    });
  } catch (error) {
    throw toNetworkError(error, stream.url, { budgetMs: stream.timeoutMs, scope: 'request' });
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new NetworkError(`${stream.url} answered HTTP ${response.statusCode} instead of an event stream`);
  }
  return events(response.body, stream.signal);
}

async function* events(body: AsyncIterable<Uint8Array>, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of body) {
      const { blocks, rest } = takeBlocks(buffered + decoder.decode(chunk, { stream: true }));
      buffered = rest;
      for (const block of blocks) {
        const event = parseEventBlock(block);
        if (event) yield event;
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
