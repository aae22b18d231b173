import { expect } from 'vitest';
import { documentMismatch } from './openapi-check.js';

// Response bodies are free-form JSON; tests read them by the seed's field names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read answers by field name, deep; `unknown` would need a cast at every step
export type Body = Record<string, any>;

export interface Reply {
  status: number;
  body: Body;
}

/**
 * Sends a request and checks the envelope rule every response must keep (contract point 1): a JSON object whose
 * integer `status` equals the HTTP status line, and whose shape is the one docs/openapi.json documents.
 */
export async function send(base: string, path: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(base + path, init);
  const text = await res.text();
  const body = parseObject(text, `${init.method ?? 'GET'} ${path} → HTTP ${res.status}`);
  expect(Number.isInteger(body.status), `integer status in ${text.slice(0, 200)}`).toBe(true);
  expect(body.status, `body.status vs HTTP status line for ${path}`).toBe(res.status);
  expect(documentMismatch(init.method ?? 'GET', path, res.status, body)).toBeNull();
  return { status: res.status, body };
}

function parseObject(text: string, where: string): Body {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where}: body is not JSON: ${text.slice(0, 300)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${where}: body is not a JSON object: ${text.slice(0, 300)}`);
  }
  return value;
}

export function postJson(base: string, path: string, body: unknown): Promise<Reply> {
  return send(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function postForm(base: string, path: string, fields: Record<string, string>): Promise<Reply> {
  return send(base, path, { method: 'POST', body: new URLSearchParams(fields) });
}

export function postMultipart(base: string, path: string, fields: Record<string, string>): Promise<Reply> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return send(base, path, { method: 'POST', body: form });
}

export function getJson(base: string, path: string): Promise<Reply> {
  return send(base, path, { method: 'GET' });
}

/** A short rendering of a body for assertion messages (a QR data URL would drown the report). */
export function show(body: unknown): string {
  // JSON.stringify gives undefined for undefined, a function or a symbol; its declared type says string.
  const text = (JSON.stringify(body) as string | undefined) ?? String(body);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** Asserts an error reply carries exactly the seed's status and Portuguese text. */
export function expectError(reply: Reply, status: number, message?: string): void {
  expect(reply.status, show(reply.body)).toBe(status);
  expect(typeof reply.body.message, show(reply.body)).toBe('string');
  if (message !== undefined) expect(reply.body.message).toBe(message);
}

export function expectOk(reply: Reply): Body {
  expect(reply.status, show(reply.body)).toBe(200);
  return reply.body;
}
