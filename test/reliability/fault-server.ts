// A local HTTP server (127.0.0.1, any free port) that answers like the service but with one injected network or
// protocol fault, for testing how clients (the CLI, batch sends) behave when the service misbehaves.
//
//   const server = await startFaultServer('reset');                       // every request is reset mid-response
//   const server = await startFaultServer('hang', { faultWhen: (r) => r.index >= 2 });   // the first two answer well
//   const server = await startFaultServer('close-after-each', { answer: forwardTo(emulator.url) });  // real answers
//   ... run the client against server.url ...; server.requests; server.seen; await server.close();
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { cannedAnswer, type Answer, type Answerer, type Json, type SeenRequest } from './faults/canned-service.js';
import { freePort } from '../support/free-port.js';

export { cannedAnswer, forwardTo, type Answer, type Answerer, type SeenRequest } from './faults/canned-service.js';

export const FAULTS = [
  /** No fault: the healthy answer (the control case). */
  'none',
  /** Nothing listens: the port was bound and then closed, so connecting is refused (ECONNREFUSED). */
  'refuse',
  /** Accepts the connection and reads the request, then never answers (until close()). */
  'hang',
  /** Sends the status line, headers and part of the body, then resets the connection (TCP RST). */
  'reset',
  /** The healthy answer, whole, after `delayMs` (a slow service that does answer). */
  'slow',
  /** Sends the whole answer, status line included, one byte per second. */
  'drip',
  /** Sends the status line and headers at once, then the body one byte per second. */
  'drip-body',
  /** HTTP 502 with an HTML error page, as a proxy in front of the service answers when the service is down. */
  'html-502',
  /** The healthy answer without its `status` field (the HTTP status line is unchanged). */
  'no-status',
  /** HTTP 503 with a JSON body that has a message but no `status`. */
  'no-status-503',
  /** HTTP 200 status line, but the body says `status: 404` (`Nenhum dispositivo encontrado.`). */
  'status-404-on-200',
  /** HTTP 500 status line, but the body is the healthy answer with `status: 200`. */
  'status-200-on-500',
  /** The healthy answer plus a 10 MB `padding` field: valid JSON, just huge. */
  'huge-json',
  /** HTTP 200 with a 10 MB HTML body on one line (not JSON). */
  'huge-html',
  /** The healthy answer with `connection: keep-alive`, then the server closes the socket at once, every time. */
  'close-after-each',
] as const;

export type Fault = (typeof FAULTS)[number];

export interface FaultServerOptions {
  /** Which requests get the fault (default: all); the others get the healthy answer. Ignored by 'refuse'. */
  faultWhen?: (request: SeenRequest, earlier: readonly SeenRequest[]) => boolean;
  /** Where healthy answers come from (default: `cannedAnswer`; `forwardTo(url)` asks a real emulator). */
  answer?: Answerer;
  /** How long 'slow' holds each answer back (default 1000 ms). */
  delayMs?: number;
}

export interface FaultServer {
  url: string;
  fault: Fault;
  /** Requests received so far (always 0 for 'refuse'). */
  readonly requests: number;
  /** Every request received, in order. */
  readonly seen: readonly SeenRequest[];
  /** Indexes (in `seen`) of the requests that got the fault rather than the healthy answer. */
  readonly faulted: readonly number[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Stops listening and destroys every open socket and pending drip, so tests end at once. */
  close(): Promise<void>;
}

const HUGE_BYTES = 10 * 1024 * 1024;
const DRIP_INTERVAL_MS = 1000;

/** Starts a server that injects `fault` into its answers. */
export async function startFaultServer(fault: Fault, options: FaultServerOptions = {}): Promise<FaultServer> {
  if (fault === 'refuse') return refusingServer();
  const answer = options.answer ?? cannedAnswer;
  const faultWhen = options.faultWhen ?? (() => true);
  const seen: SeenRequest[] = [];
  const faulted: number[] = [];
  const sockets = new Map<Socket, number>();
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;
  const server = createServer((req, res) => {
    void readRequest(req, sockets.get(req.socket) ?? 0)
      .then(async (received) => {
        const earlier = seen.slice();
        const request: SeenRequest = { ...received, index: seen.length };
        seen.push(request);
        const healthy = await answer(request, earlier);
        if (!faultWhen(request, earlier)) {
          reply(res, healthy.httpStatus, json(healthy.body));
          return;
        }
        faulted.push(request.index);
        inject(fault, healthy, res, timers, options.delayMs ?? 1000);
      })
      .catch(() => res.socket?.destroy());
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.set(socket, connections);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fault,
    get requests() {
      return seen.length;
    },
    seen,
    faulted,
    get connections() {
      return connections;
    },
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets.keys()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL where nothing listens: a free port below the ephemeral range, where no other test's server is put. */
async function refusingServer(): Promise<FaultServer> {
  const port = await freePort();
  return {
    url: `http://127.0.0.1:${port}`,
    fault: 'refuse',
    requests: 0,
    seen: [],
    faulted: [],
    connections: 0,
    close: async () => {},
  };
}

function readRequest(req: IncomingMessage, connection: number): Promise<Omit<SeenRequest, 'index'>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      resolve({
        connection,
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0] ?? '/',
        body: parseObject(raw),
        raw,
      });
    });
  });
}

function parseObject(raw: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

function reply(
  res: ServerResponse,
  httpStatus: number,
  body: Buffer,
  contentType = 'application/json; charset=utf-8',
): void {
  res.writeHead(httpStatus, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
}

const HTML_502 = Buffer.from(
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
    '<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
);

let hugeHtml: Buffer | undefined;
let hugePadding: string | undefined;

function inject(
  fault: Exclude<Fault, 'refuse'>,
  healthy: Answer,
  res: ServerResponse,
  timers: Set<NodeJS.Timeout>,
  delayMs: number,
): void {
  const { httpStatus, body } = healthy;
  switch (fault) {
    case 'none': {
      reply(res, httpStatus, json(body));
      return;
    }
    case 'hang':
      return;
    case 'slow': {
      const timer = setTimeout(() => {
        timers.delete(timer);
        reply(res, httpStatus, json(body));
      }, delayMs);
      timers.add(timer);
      return;
    }
    case 'reset': {
      resetMidway(res, json({ ...body, padding: 'x'.repeat(4096) }));
      return;
    }
    case 'drip': {
      drip(res.socket, Buffer.concat([head(httpStatus, json(body).length), json(body)]), timers);
      return;
    }
    case 'drip-body': {
      dripBody(res, httpStatus, json(body), timers);
      return;
    }
    case 'html-502': {
      reply(res, 502, HTML_502, 'text/html');
      return;
    }
    case 'no-status': {
      reply(res, httpStatus, json(withoutStatus(body)));
      return;
    }
    case 'no-status-503': {
      reply(res, 503, json({ message: 'Serviço temporariamente indisponível.' }));
      return;
    }
    case 'status-404-on-200': {
      reply(res, 200, json({ status: 404, message: 'Nenhum dispositivo encontrado.' }));
      return;
    }
    case 'status-200-on-500': {
      reply(res, 500, json({ ...body, status: 200 }));
      return;
    }
    case 'huge-json':
      hugePadding ??= 'x'.repeat(HUGE_BYTES);
      {
        reply(res, httpStatus, json({ ...body, padding: hugePadding }));
        return;
      }
    case 'huge-html':
      hugeHtml ??= Buffer.from(`<html><body>${'<p>erro</p>'.repeat(HUGE_BYTES / 11)}</body></html>\n`);
      {
        reply(res, 200, hugeHtml, 'text/html');
        return;
      }
    case 'close-after-each': {
      closeAfter(res, httpStatus, json(body));
      return;
    }
  }
}

function withoutStatus(body: Json): Json {
  const { status: _status, ...rest } = body;
  return rest;
}

function head(httpStatus: number, length: number): Buffer {
  return Buffer.from(`HTTP/1.1 ${httpStatus} X\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`);
}

/** Headers promise the whole body; half of it goes out, then an RST instead of the rest. */
function resetMidway(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  const socket = res.socket;
  res.write(body.subarray(0, body.length >> 1), () => setImmediate(() => socket?.resetAndDestroy()));
}

function drip(socket: Socket | null, bytes: Buffer, timers: Set<NodeJS.Timeout>): void {
  if (!socket) return;
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= bytes.length) {
      clearInterval(timer);
      timers.delete(timer);
      return;
    }
    socket.write(bytes.subarray(sent, sent + 1));
    sent += 1;
  }, DRIP_INTERVAL_MS);
  timers.add(timer);
  socket.once('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}

function dripBody(res: ServerResponse, httpStatus: number, body: Buffer, timers: Set<NodeJS.Timeout>): void {
  res.writeHead(httpStatus, { 'content-type': 'application/json', 'content-length': body.length });
  res.flushHeaders();
  drip(res.socket, body, timers);
}

/** Says keep-alive, then closes anyway once the answer is out: the client must not reuse the dead socket. */
function closeAfter(res: ServerResponse, httpStatus: number, body: Buffer): void {
  res.writeHead(httpStatus, {
    'content-type': 'application/json',
    'content-length': body.length,
    connection: 'keep-alive',
  });
  const socket = res.socket;
  res.end(body, () => socket?.destroy());
}
