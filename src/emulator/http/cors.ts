// CORS: browser pages on other origins call the service straight from jQuery, so preflights are answered and every
// answer names the allowed origin. `*` by default; a list of origins restricts it.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type CorsOrigins = '*' | readonly string[];

export const CORS_METHODS = 'GET, POST, PUT, OPTIONS';
export const ORIGIN_REFUSED = 'Origem não permitida.';

/** The Access-Control-Allow-Origin value for a request, or undefined when its origin is not allowed. */
export function allowedOrigin(policy: CorsOrigins, origin: string | undefined): string | undefined {
  if (policy === '*') return '*';
  return origin !== undefined && policy.includes(origin) ? origin : undefined;
}

/** The CORS headers every answer carries. */
export function corsHeaders(policy: CorsOrigins, req: IncomingMessage): Record<string, string> {
  const allowed = allowedOrigin(policy, req.headers.origin);
  const headers: Record<string, string> = policy === '*' ? {} : { vary: 'Origin' };
  if (allowed === undefined) return headers;
  headers['access-control-allow-origin'] = allowed;
  // A page's script may read why the emulator refused its request (the answer's body stays the service's).
  headers['access-control-expose-headers'] = 'X-Emulator-Reason';
  return headers;
}

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method (a bare OPTIONS is an ordinary 405). */
export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers.origin !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}

/** Answers a preflight: 204 with what the browser may send, or 403 for an origin not allowed. */
export function answerPreflight(policy: CorsOrigins, req: IncomingMessage, res: ServerResponse): number {
  if (allowedOrigin(policy, req.headers.origin) === undefined) {
    const body = JSON.stringify({ status: 403, message: ORIGIN_REFUSED });
    res.writeHead(403, {
      ...corsHeaders(policy, req),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return 403;
  }
  res.writeHead(204, {
    ...corsHeaders(policy, req),
    allow: CORS_METHODS,
    'access-control-allow-methods': CORS_METHODS,
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-max-age': '600',
  });
  res.end();
  return 204;
}
