// Request body reading (with a size limit) and decoding of JSON, form-urlencoded and multipart bodies.
import type { IncomingMessage } from 'node:http';
import { EmulatorError } from './reply.js';
import { emptyFields, isRecord, type Fields } from '../rules/fields.js';
import { assembleFormEntries } from './form-fields.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const TOO_LARGE = 'Corpo da requisição muito grande.';

export const INVALID_REQUEST = 'Requisição inválida.';
/** How much of a refused body is still read (and thrown away), and for how long, before the 413 goes out anyway. */
const DRAIN_LIMIT_BYTES = 16 * BODY_LIMIT_BYTES;
const DRAIN_WAIT_MS = 1000;

/** Connections whose current request is over the limit: a protocol error on them (a body cut short) answers 413. */
export const oversizedConnections = new WeakSet();

/**
 * Reads the whole body. A body over the limit (declared or found) gets 413 once the rest of it has been read and
 * thrown away — up to DRAIN_LIMIT_BYTES or DRAIN_WAIT_MS, whichever comes first: Node closes a connection whose
 * request was not read to its end, and a client still writing then sees a reset instead of the answer, while a client
 * that stopped writing and waits must not wait forever. A body the client cuts short is a 400 (a 413 when it was
 * already over the limit), never an internal error.
 */
function tooLarge(limit: number): EmulatorError {
  return new EmulatorError(413, TOO_LARGE).because(`the body is over the limit of ${limit} bytes`);
}

export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const drainLimit = Math.max(DRAIN_LIMIT_BYTES, limit);
  if (declared > drainLimit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const oversized = () => declared > limit || size > limit;
    const refuse = () => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      reject(tooLarge(limit));
    };
    const watch = () => {
      if (!oversized()) return;
      oversizedConnections.add(req.socket);
      timer ??= setTimeout(refuse, DRAIN_WAIT_MS);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > drainLimit) refuse();
      else if (!oversized()) chunks.push(chunk);
      watch();
    });
    req.once('end', () => (oversized() ? refuse() : resolve(Buffer.concat(chunks))));
    req.once('error', () => {
      clearTimeout(timer);
      reject(
        oversized()
          ? tooLarge(limit)
          : new EmulatorError(400, INVALID_REQUEST).because('the client cut the body short'),
      );
    });
    watch();
  });
}

/** Decodes a body by its content type; anything undecodable yields no fields (handled as missing fields). */
export async function parseBody(body: Buffer, contentType: string | undefined): Promise<Fields> {
  if (body.length === 0) return emptyFields();
  const type = (contentType ?? '').toLowerCase();
  try {
    if (type.includes('multipart/form-data')) return await parseMultipart(body, contentType ?? '');
    if (type.includes('application/x-www-form-urlencoded')) return parseForm(body.toString('utf8'));
    if (type.includes('json')) return parseJson(body.toString('utf8'));
    return sniff(body.toString('utf8'));
  } catch {
    return emptyFields();
  }
}

function sniff(raw: string): Fields {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{')) return parseJson(trimmed);
  return trimmed.includes('=') ? parseForm(trimmed) : emptyFields();
}

/** A JSON object's own keys copied into a null-prototype record; any other JSON value yields no fields. */
export function parseJson(raw: string): Fields {
  const value: unknown = JSON.parse(raw);
  const fields = emptyFields();
  if (!isRecord(value)) return fields;
  for (const key of Object.keys(value)) fields[key] = value[key];
  return fields;
}

export function parseForm(raw: string): Fields {
  return assembleFormEntries(new URLSearchParams(raw).entries());
}

async function parseMultipart(body: Buffer, contentType: string): Promise<Fields> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const entries: [string, string][] = [];
  for (const [key, value] of form.entries()) {
    entries.push([key, typeof value === 'string' ? value : value.name]);
  }
  return assembleFormEntries(entries);
}

/** Query-string fields (some clients send appkey/authkey there) overlaid by body fields. */
export function mergeQuery(query: URLSearchParams, body: Fields): Fields {
  const merged = assembleFormEntries(query.entries());
  for (const key of Object.keys(body)) merged[key] = body[key];
  return merged;
}
