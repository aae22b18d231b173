// Sends one fuzzed request over real HTTP on 127.0.0.1 and reads the whole answer, with a deadline per request.
import { Agent, request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import type { FuzzRequest } from './request.js';

export interface Answer {
  /** HTTP status line code. */
  status: number;
  text: string;
}

/** One keep-alive connection reused for the ordinary requests, as a real client would. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

const OVERSIZE_CHUNK = 64 * 1024;

/** Sends the request as its delivery mode says; rejects when no complete answer arrives within `timeoutMs`. */
export function deliver(base: string, req: FuzzRequest, timeoutMs: number): Promise<Answer> {
  const answer = req.delivery === 'cut-short' ? cutShort(base, req) : viaHttp(base, req);
  return withDeadline(
    answer.promise,
    timeoutMs,
    answer.abort,
    `${req.path}: no answer within ${timeoutMs} ms (a hang)`,
  );
}

interface Pending {
  promise: Promise<Answer>;
  abort: () => void;
}

function withDeadline(promise: Promise<Answer>, ms: number, abort: () => void, what: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      abort();
      reject(new Error(what));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Ordinary and oversized requests. `oversize-declared` hands the whole body over at once, as most clients do;
 * `oversize-chunked` and `oversize-streamed` write it chunk by chunk (without / with a Content-Length) and stop once
 * the answer arrives. The emulator answers 413 before reading the rest and closes the connection, so errors after
 * the answer (EPIPE, ECONNRESET) are expected and ignored; an error before any answer means the answer was lost.
 */
function viaHttp(base: string, req: FuzzRequest): Pending {
  const streamed = req.delivery === 'oversize-chunked' || req.delivery === 'oversize-streamed';
  const headers: Record<string, string> = { ...req.headers };
  const body = req.body;
  if (body && req.delivery !== 'oversize-chunked') headers['content-length'] = String(body.length);
  let answered = false;
  const outgoing = request(`${base}${req.path}${req.query ? `?${req.query}` : ''}`, {
    method: req.method,
    headers,
    agent: req.delivery === 'normal' ? keepAlive : false,
  });
  const promise = new Promise<Answer>((resolve, reject) => {
    outgoing.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => reject(error));
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(new Error(`${req.path}: ${error.message} before any answer`));
    });
  });
  if (!body) outgoing.end();
  else if (streamed) void writeInChunks(outgoing, body, () => answered);
  else outgoing.end(body);
  return { promise, abort: () => outgoing.destroy() };
}

async function writeInChunks(outgoing: ClientRequest, body: Buffer, answered: () => boolean): Promise<void> {
  for (let offset = 0; offset < body.length; offset += OVERSIZE_CHUNK) {
    if (answered() || outgoing.destroyed) return;
    if (!outgoing.write(body.subarray(offset, offset + OVERSIZE_CHUNK))) await drained(outgoing);
  }
  if (!answered() && !outgoing.destroyed) outgoing.end();
}

function drained(outgoing: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.on('drain', done);
    outgoing.on('close', done);
  });
}

/** A body cut short: Content-Length promises the whole body, the client sends part of it and half-closes. */
function cutShort(base: string, req: FuzzRequest): Pending {
  const url = new URL(base);
  const body = req.body ?? Buffer.alloc(0);
  const sent = body.subarray(0, Math.floor(body.length / 2));
  const head = [
    `${req.method} ${req.path}${req.query ? `?${req.query}` : ''} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(req.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${body.length + 1}`,
    '',
    '',
  ].join('\r\n');
  const socket = connect(Number(url.port), url.hostname);
  const promise = new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => reject(new Error(`${req.path} (cut short): ${error.message}`)));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(raw);
      if (!match)
        reject(new Error(`${req.path} (cut short): no HTTP answer, got ${JSON.stringify(raw.slice(0, 200))}`));
      else resolve({ status: Number(match[1]), text: match[2] ?? '' });
    });
  });
  socket.write(head);
  socket.end(sent);
  return { promise, abort: () => socket.destroy() };
}
