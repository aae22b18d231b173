import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardOnce } from '../../../src/api/forward.js';
import { waitFor } from '../../support/wait-for.js';
import { freePort } from '../../support/free-port.js';

let server: Server;
let base: string;
const seen: { body: string; type: string | undefined; agent: string | undefined }[] = [];

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      seen.push({ body, type: req.headers['content-type'], agent: req.headers['user-agent'] });
      if (req.url === '/slow') return;
      res.writeHead(req.url === '/gone' ? 410 : 202).end('fine');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string, extra: Partial<Parameters<typeof forwardOnce>[0]> = {}) => ({
  url: `${base}${path}`,
  body: Buffer.from('{"a": 1}\n'),
  contentType: 'application/json; charset=utf-8',
  timeoutMs: 2000,
  userAgent: 'chatbot/test (listen)',
  ...extra,
});

describe('forwardOnce', () => {
  it('re-posts the bytes unchanged with the original content type and returns the status', async () => {
    expect(await forwardOnce(request('/ok'))).toEqual({ status: 202 });
    expect(await forwardOnce(request('/gone'))).toEqual({ status: 410 });
    expect(seen[0]).toEqual({
      body: '{"a": 1}\n',
      type: 'application/json; charset=utf-8',
      agent: 'chatbot/test (listen)',
    });
  });

  it('sends no content type when the event had none', async () => {
    seen.length = 0;
    await forwardOnce(request('/ok', { contentType: undefined }));
    expect(seen[0]?.type).toBeUndefined();
  });

  it('describes a refused connection and a timeout instead of throwing', async () => {
    const port = await freePort();
    expect(await forwardOnce({ ...request('/'), url: `http://127.0.0.1:${port}/` })).toEqual({
      failure: 'connection refused',
    });
    expect(await forwardOnce(request('/slow', { timeoutMs: 200 }))).toEqual({ failure: 'no answer within 0.2 s' });
  });

  it('reports an attempt stopped by its signal', async () => {
    seen.length = 0;
    const controller = new AbortController();
    const pending = forwardOnce(request('/slow', { signal: controller.signal }));
    await waitFor(() => seen.length > 0, { what: 'the request at the server' });
    controller.abort();
    expect(await pending).toEqual({ failure: 'stopped before an answer came' });
  });
});
