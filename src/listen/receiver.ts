// The HTTP side of `chatbot listen`: accepts webhook POSTs on one path and answers 200 at once.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizePath } from './options.js';

/** Larger bodies are refused with 413: no event of the service comes near it. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface ReceiverOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  /** Normalised path (see parsePath); POSTs elsewhere get 404. */
  path: string;
  /** Called after the sender has been answered, with the body exactly as it arrived. */
  onEvent: (raw: Buffer, contentType: string | undefined) => void;
}

export interface Receiver {
  /** The URL to give the device as its webhook. */
  url: string;
  port: number;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ status, message });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
  });
}

async function handle(options: ReceiverOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = normalizePath((req.url ?? '/').split('?')[0] ?? '/');
  if (path !== options.path) {
    req.resume();
    reply(res, 404, `Nothing here: events are accepted on ${options.path}`);
    return;
  }
  if (req.method !== 'POST') {
    req.resume();
    reply(res, 405, 'Only POST is accepted here', { allow: 'POST' });
    return;
  }
  const raw = await readBody(req);
  if (raw === undefined) {
    if (!res.headersSent && !req.destroyed) reply(res, 413, `Body larger than ${MAX_BODY_BYTES} bytes`);
    return;
  }
  reply(res, 200, 'OK');
  options.onEvent(raw, req.headers['content-type']);
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Listens on host:port; rejects with the system error (EADDRINUSE, EACCES, ...) when it cannot. */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const server = createServer((req, res) => void handle(options, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostForUrl(options.host)}:${port}${options.path}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
