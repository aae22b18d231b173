import { request } from 'node:http';

export interface RawReply {
  status: number;
  text: string;
}

/**
 * Sends bytes with node:http and resolves with the first response, even when the server answers before reading
 * the whole body and closes the socket (what a 413 often does, and what fetch reports as a network error).
 */
export function rawRequest(
  base: string,
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}
