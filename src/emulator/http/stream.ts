// Replies that keep the response open and write to it themselves (Server-Sent Events), instead of one JSON body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

const STREAM = Symbol('stream');

export type StreamOpener = (req: IncomingMessage, res: ServerResponse) => void;

export interface StreamReply extends Reply {
  [STREAM]: StreamOpener;
}

export function streamReply(open: StreamOpener): StreamReply {
  return { status: 200, [STREAM]: open };
}

export function streamOf(reply: Reply): StreamOpener | undefined {
  return (reply as Partial<StreamReply>)[STREAM];
}
