// Webhook POSTs over node:http(s) with kept-alive connections: one pool per device, so a receiver that hangs holds
// only its own device's sockets; close() destroys every pool, so a stopped emulator leaves no sockets behind. The
// receiver's answer is kept in part (its status, headers and the start of its body) for the console's delivery panel.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface PostOptions {
  headers: Record<string, string>;
  /** Whole exchange, connect to last response byte. */
  timeoutMs: number;
  signal: AbortSignal;
  /** Arms the exchange's deadline on the caller's clock; returns its cancel (default: a real-time timer). */
  deadline?: Deadline;
}

/** How much of a receiver's answer body is kept (the rest is read and dropped). */
export const ANSWER_BODY_KEPT = 2048;

/** What the receiver answered: its status, headers, and the start of its body as text. */
export interface ReceiverAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the body went on past what is kept. */
  cut: boolean;
}

/** Calls `fire` once `ms` have passed on some clock, unless the returned function is called first. */
export type Deadline = (fire: () => void, ms: number) => () => void;

/** The real-time deadline. */
export const realDeadline: Deadline = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/** An idle kept-alive socket is closed after this long (under the 5 s that Node servers keep one open). */
const IDLE_SOCKET_MS = 4_000;

export class ReceiverPools {
  private readonly pools = new Map<string, HttpAgent>();

  /** At most `socketsPerDevice` connections per device and receiver origin. */
  constructor(private readonly socketsPerDevice: number) {}

  /** Resolves with the receiver's answer once its response has ended; rejects on network failure or timeout. */
  async post(device: string, url: string, body: string, options: PostOptions): Promise<ReceiverAnswer> {
    const target = new URL(url);
    const agent = this.pool(device, target.protocol);
    try {
      return await postOnce(target, agent, body, options);
    } catch (error) {
      // A kept-alive socket the receiver closed just as it was reused: the request never reached it.
      if (!(error instanceof StaleSocketError)) throw error;
      return postOnce(target, agent, body, options);
    }
  }

  close(): void {
    for (const agent of this.pools.values()) agent.destroy();
    this.pools.clear();
  }

  private pool(device: string, protocol: string): HttpAgent {
    const key = `${protocol}${device}`;
    let agent = this.pools.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: this.socketsPerDevice, timeout: IDLE_SOCKET_MS };
      agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
      this.pools.set(key, agent);
    }
    return agent;
  }
}

class StaleSocketError extends Error {}

/** The answer's headers as single strings (a repeated header joined, as fetch does). */
function answerHeaders(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Keeps the first ANSWER_BODY_KEPT bytes of the answer; reads the rest without keeping it. */
function keepStart(res: IncomingMessage): () => { body: string; cut: boolean } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let cut = false;
  res.on('data', (chunk: Buffer) => {
    if (kept >= ANSWER_BODY_KEPT) {
      cut = true;
      return;
    }
    const part = chunk.subarray(0, ANSWER_BODY_KEPT - kept);
    if (part.length < chunk.length) cut = true;
    chunks.push(part);
    kept += part.length;
  });
  return () => ({ body: Buffer.concat(chunks).toString('utf8'), cut });
}

function postOnce(target: URL, agent: HttpAgent, body: string, options: PostOptions): Promise<ReceiverAnswer> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, {
      method: 'POST',
      agent,
      signal: options.signal,
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    let answered = false;
    const cancel = (options.deadline ?? realDeadline)(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const fail = (error: NodeJS.ErrnoException) => {
      cancel();
      const stale = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleSocketError(error.message) : error);
    };
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      res.on('error', fail);
      const start = keepStart(res);
      res.on('end', () => {
        cancel();
        resolve({ status: res.statusCode ?? 0, headers: answerHeaders(res), ...start() });
      });
    });
    req.on('error', fail);
    req.end(body);
  });
}
