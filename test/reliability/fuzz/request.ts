// A fuzzed HTTP request as sent, with a short printable form for failure messages (fast-check prints it on failure).
import fc from 'fast-check';

/**
 * How the bytes travel: normally, cut short by the client, or over the 1 MiB limit — declared by Content-Length and
 * written at once, streamed without a length (chunked), or declared and streamed chunk by chunk.
 */
export type Delivery = 'normal' | 'cut-short' | 'oversize-declared' | 'oversize-chunked' | 'oversize-streamed';

export interface FuzzRequest {
  method: 'POST';
  path: string;
  /** Query string without `?`; empty for none. */
  query: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  delivery: Delivery;
  /** Encoding and corruption, e.g. "form, content-type text/plain, truncated". */
  label: string;
}

const EXCERPT = 600;

/** The request in a few lines: method, path, query, headers, size and the start of the body. */
export function describeRequest(req: FuzzRequest): string {
  const text = req.body?.toString('utf8') ?? '';
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT)}… (${req.body?.length ?? 0} bytes in all)` : text;
  const headers =
    Object.entries(req.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('; ') || '(none)';
  const query = req.query ? `?${req.query.slice(0, 300)}` : '';
  return `${req.method} ${req.path}${query} [${req.label}; delivery ${req.delivery}] headers: ${headers}\nbody: ${JSON.stringify(excerpt)}`;
}

/** Gives the request a short printable form, so shrunk counterexamples stay readable even for 1 MiB bodies. */
export function printable(req: FuzzRequest): FuzzRequest {
  return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
}
