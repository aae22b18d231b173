import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Body } from './http.js';
import { waitFor } from '../../../support/wait-for.js';

export type ReceiverMode = 'ok' | 'fail' | 'hang';

export interface Delivery {
  at: number;
  headers: IncomingMessage['headers'];
  raw: string;
  body: Body | undefined;
  /** False when the receiver answered 500 on purpose, or holds the request without answering (mode 'hang'). */
  accepted: boolean;
  /** True while a held request (mode 'hang') is still open: not answered, and not given up by the sender. */
  pending: boolean;
}

/** A local webhook endpoint that records every POST; its mode decides how it answers. */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  mode: ReceiverMode = 'ok';
  /** Number of next requests to answer with 500 before answering normally. */
  failNext = 0;
  /** Events to answer with 500 the next times they come, whatever else arrives meanwhile (see failMatching). */
  private readonly toFail: Array<{ match: (event: Body) => boolean; left: number }> = [];
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/hook`);
    server.on('connection', (socket) => receiver.track(socket));
    server.on('request', (req, res) => void receiver.handle(req, res));
    return receiver;
  }

  /** Events (parsed JSON bodies) received so far, optionally only those matching `match`. */
  events(match: (event: Body) => boolean = () => true): Body[] {
    return this.deliveries.flatMap((d) => (d.accepted && d.body && match(d.body) ? [d.body] : []));
  }

  /** Waits until at least `count` events match and returns them. */
  async waitForEvents(match: (event: Body) => boolean, count = 1, timeoutMs?: number): Promise<Body[]> {
    return waitFor(
      () => {
        const found = this.events(match);
        return found.length >= count ? found : undefined;
      },
      { timeoutMs, what: `${count} webhook event(s); received: ${JSON.stringify(this.events()).slice(0, 600)}` },
    );
  }

  async waitForEvent(match: (event: Body) => boolean, timeoutMs?: number): Promise<Body> {
    const [event] = await this.waitForEvents(match, 1, timeoutMs);
    return event!;
  }

  /**
   * Answers 500 to the next `times` events that match, and normally to any other: on a receiver shared by a file's
   * tests, an earlier test's event still on its way would take a plain `failNext`.
   */
  failMatching(match: (event: Body) => boolean, times = 1): void {
    this.toFail.push({ match, left: times });
  }

  private takeFailure(event: Body | undefined): boolean {
    const rule = event === undefined ? undefined : this.toFail.find((r) => r.left > 0 && r.match(event));
    if (rule) rule.left -= 1;
    return rule !== undefined;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (this.mode === 'hang') {
      const held: Delivery = {
        at: Date.now(),
        headers: req.headers,
        raw,
        body: tryParse(raw),
        accepted: false,
        pending: !req.socket.destroyed,
      };
      res.once('close', () => {
        held.pending = false;
        this.hanging.delete(res);
      });
      this.deliveries.push(held);
      this.hanging.add(res);
      return;
    }
    const body = tryParse(raw);
    const matched = this.takeFailure(body);
    const counted = !matched && this.failNext > 0;
    if (counted) this.failNext -= 1;
    const failing = this.mode === 'fail' || matched || counted;
    this.deliveries.push({
      at: Date.now(),
      headers: req.headers,
      raw,
      body,
      accepted: !failing,
      pending: false,
    });
    res.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' }).end(failing ? 'erro' : 'OK');
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function tryParse(raw: string): Body | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
