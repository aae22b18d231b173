// One webhook POST over node:http(s), without keep-alive, so a stopped emulator leaves no sockets behind.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PostOptions {
  headers: Record<string, string>;
  /** Whole exchange, connect to last response byte. */
  timeoutMs: number;
  signal: AbortSignal;
}

/** Resolves with the receiver's HTTP status once its response has ended; rejects on network failure or timeout. */
export function postBody(url: string, body: string, options: PostOptions): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, {
      method: 'POST',
      agent: false,
      signal: options.signal,
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    req.on('response', (res: IncomingMessage) => {
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
      });
      res.resume();
    });
    req.on('error', fail);
    req.end(body);
  });
}
