// Replies that keep the response open and write to it themselves (Server-Sent Events), instead of one JSON body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

const WRITER = Symbol('writer');

export type ResponseWriter = (req: IncomingMessage, res: ServerResponse) => void;

export interface OpenReply extends Reply {
  [WRITER]: ResponseWriter;
}

/** A reply whose `write` answers the request itself, keeping the response open (a stream of events). */
export function openReply(write: ResponseWriter): OpenReply {
  return { status: 200, [WRITER]: write };
}

export function writerOf(reply: Reply): ResponseWriter | undefined {
  return (reply as Partial<OpenReply>)[WRITER];
}
