import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequester, interpretResponse, joinUrl, toNetworkError } from '../../../src/api/request.js';
import { Deadline } from '../../../src/api/deadline.js';
import {
  ApiError,
  ExitCode,
  MalformedResponse,
  NetworkError,
  UnexpectedAnswer,
  exitCodeForStatus,
} from '../../../src/errors.js';

describe('interpretResponse', () => {
  it('takes the body status over the HTTP line', () => {
    expect(() => interpretResponse(200, '{"status":401,"message":"validation.required"}')).toThrow(ApiError);
    expect(interpretResponse(500 - 300, '{"status":200,"message":"ok"}').status).toBe(200);
    try {
      interpretResponse(200, '{"status":404,"message":"Nenhum dispositivo encontrado."}');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).message).toBe('Nenhum dispositivo encontrado.');
      expect((error as ApiError).exitCode).toBe(ExitCode.notFound);
    }
  });

  it("a 5xx line with a success body is a failure whose outcome is unknown, never the body's success text", () => {
    let caught: unknown;
    try {
      interpretResponse(500, '{"status":200,"message":"Mensagem enviada com sucesso."}');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).uncertain).toBe(true);
    expect((caught as ApiError).exitCode).toBe(ExitCode.service);
    expect((caught as ApiError).message).toMatch(/^The service answered HTTP 500 although its body says status 200/);
    expect((caught as ApiError).message).not.toContain('sucesso');
  });

  it('a failure without a body status takes the HTTP line; a success without one is an unexpected answer (exit 8)', () => {
    expect(() => interpretResponse(409, '{"error":"taken"}')).toThrow('taken');
    for (const text of ['{"ok":true}', '{"message":"ok"}', '{"status":"done"}']) {
      let caught: unknown;
      try {
        interpretResponse(200, text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(UnexpectedAnswer);
      expect((caught as UnexpectedAnswer).exitCode).toBe(ExitCode.service);
      expect((caught as UnexpectedAnswer).message).toMatch(/^Unexpected answer from the service: status is /);
    }
  });

  it("reads a related gateway's envelope: message_status Success on a 2xx is a success, never on another line", () => {
    for (const verdict of ['Success', 'success', 'SUCCESS']) {
      const body = interpretResponse(200, `{"message_status":"${verdict}","message_id":"m1"}`);
      expect(body.status).toBe(200);
      expect(body.message_id).toBe('m1');
    }
    expect(() => interpretResponse(302, '{"message_status":"Success"}')).toThrow(UnexpectedAnswer);
    expect(() => interpretResponse(404, '{"message_status":"Success"}')).toThrow(ApiError);
    expect(() => interpretResponse(200, '{"message_status":""}')).toThrow(UnexpectedAnswer);
    expect(() => interpretResponse(200, '{"message_status":true}')).toThrow(UnexpectedAnswer);
  });

  it("a gateway's refusal is a service error with its text: exit 6 on a 2xx, the HTTP line's code otherwise", () => {
    const cases = [
      [200, '{"error":"Invalid number"}', 'Invalid number', ExitCode.rejected],
      [200, '{"status":200,"error":"Invalid number"}', 'Invalid number', ExitCode.rejected],
      [200, '{"message_status":"Failed"}', 'message_status "Failed"', ExitCode.rejected],
      [
        200,
        '{"message_status":"Failed","message":"No session"}',
        'message_status "Failed": No session',
        ExitCode.rejected,
      ],
      [200, '{"message_status":"Success","error":"Invalid number"}', 'Invalid number', ExitCode.rejected],
      [401, '{"error":"Invalid authkey"}', 'Invalid authkey', ExitCode.auth],
      [404, '{"message_status":"Failed","error":"No such device"}', 'No such device', ExitCode.notFound],
      [500, '{"error":"boom"}', 'boom', ExitCode.service],
      [403, '{"message_status":"Failed"}', 'message_status "Failed"', ExitCode.rejected],
    ] as const;
    for (const [httpStatus, text, message, exitCode] of cases) {
      let caught: unknown;
      try {
        interpretResponse(httpStatus, text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(ApiError);
      expect((caught as ApiError).message, text).toBe(message);
      expect((caught as ApiError).exitCode, text).toBe(exitCode);
    }
    expect(() => interpretResponse(200, '{"error":""}')).toThrow(UnexpectedAnswer);
    expect(() => interpretResponse(200, '{"error":null}')).toThrow(UnexpectedAnswer);
  });

  it('reads numeric strings as the status', () => {
    expect(() => interpretResponse(200, '{"status":"403","message":"no"}')).toThrow(ApiError);
  });

  it('turns a non-JSON body into MalformedResponse with the HTTP status and first line', () => {
    let caught: unknown;
    try {
      interpretResponse(502, '\n<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MalformedResponse);
    expect((caught as MalformedResponse).message).toContain('HTTP 502');
    expect((caught as MalformedResponse).message).toContain('<html><head><title>502 Bad Gateway</title></head>');
    expect((caught as MalformedResponse).exitCode).toBe(ExitCode.service);
  });

  it('treats a JSON array or a 5xx without status as failures', () => {
    expect(() => interpretResponse(200, '[1,2]')).toThrow(MalformedResponse);
    expect(() => interpretResponse(503, '{"message":"down"}')).toThrow(ApiError);
  });
});

describe('exit codes', () => {
  it.each([
    [401, 3],
    [404, 4],
    [409, 5],
    [403, 6],
    [400, 6],
    [422, 6],
    [500, 8],
    [502, 8],
  ])('status %i exits %i', (status, code) => {
    expect(exitCodeForStatus(status)).toBe(code);
  });
});

describe('joinUrl', () => {
  it('joins with or without a trailing slash or prefix', () => {
    expect(joinUrl('http://h:1/', '/api/auth')).toBe('http://h:1/api/auth');
    expect(joinUrl('http://h:1/prefix', '/api/auth')).toBe('http://h:1/prefix/api/auth');
  });
});

describe('createRequester against a local server', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('POSTs JSON with the content type and user agent', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string; method?: string } | undefined;
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen = { headers: req.headers, body, method: req.method };
        res.end('{"status":200,"message":"ok"}');
      });
    });
    const request = createRequester({ baseUrl: url, timeoutMs: 5000, userAgent: 'chatbot/9.9.9' });
    await request('/api/developer', { authkey: 'k', dispositivos: 'true' });
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['user-agent']).toBe('chatbot/9.9.9');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ authkey: 'k', dispositivos: 'true' });
  });

  it('retries reads after a reset but never retries sends', async () => {
    let calls = 0;
    const url = await serve((req, res) => {
      calls += 1;
      if (calls === 1) {
        req.socket.destroy();
        return;
      }
      res.end('{"status":200}');
    });
    const request = createRequester({ baseUrl: url, timeoutMs: 5000, userAgent: 't', retryDelaysMs: [10, 10] });
    await expect(request('/x', {}, { retry: true })).resolves.toMatchObject({ status: 200 });
    expect(calls).toBe(2);
    calls = 0;
    await expect(request('/x', {})).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(1);
  });

  it('retries of a read stay within the one deadline of --timeout, and each retry is told', async () => {
    let calls = 0;
    const url = await serve((req) => {
      calls += 1;
      req.socket.destroy();
    });
    const notices: string[] = [];
    const request = createRequester({
      baseUrl: url,
      timeoutMs: 2000,
      userAgent: 't',
      retryDelaysMs: [10, 60_000],
      onRetry: ({ attempt, attempts, delayMs }) => notices.push(`${attempt}/${attempts} after ${delayMs}`),
    });
    await expect(request('/x', {}, { retry: true })).rejects.toBeInstanceOf(NetworkError);
    expect(calls, 'no retry whose delay would pass the deadline').toBe(2);
    expect(notices).toEqual(['2/3 after 10']);
  });

  it('a send whose answer never came says it may have gone out and how to check, not "try again"', async () => {
    const url = await serve(() => undefined);
    const request = createRequester({ baseUrl: url, timeoutMs: 300, userAgent: 't' });
    const error = await request('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(
      /^No answer from .* within 0\.3 s — the request may have reached the service/,
    );
    expect((error as Error).message).toContain('before sending it again');
    expect((error as Error).message).not.toContain('try again');
  });

  it('gives up after the timeout with a NetworkError naming --timeout', async () => {
    const url = await serve(() => undefined);
    const request = createRequester({ baseUrl: url, timeoutMs: 300, userAgent: 't' });
    const error = await request('/x', {}, { retry: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('--timeout');
  });

  it('requests sharing a command deadline get the time left, and none is sent once it has passed', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      res.end('{"status":200}');
    });
    let clock = 1_000;
    const deadline = new Deadline(2000, () => clock);
    const request = createRequester({ baseUrl: url, timeoutMs: 2000, userAgent: 't', deadline });
    await expect(request('/x', {}, { retry: true })).resolves.toMatchObject({ status: 200 });
    clock += 1500;
    expect(deadline.remaining()).toBe(500);
    await expect(request('/x', {}, { retry: true })).resolves.toMatchObject({ status: 200 });
    clock += 500;
    const error = await request('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reached).toBe('no');
    expect((error as Error).message).toContain("the command's 2 s deadline (--timeout) passed");
    expect(calls, 'the third request was never sent').toBe(2);
  });

  it('local work run aside between two requests spends none of the command deadline', async () => {
    const url = await serve((_req, res) => res.end('{"status":200}'));
    let clock = 1_000;
    const deadline = new Deadline(2000, () => clock);
    const request = createRequester({ baseUrl: url, timeoutMs: 2000, userAgent: 't', deadline });
    await expect(request('/x', {})).resolves.toMatchObject({ status: 200 });
    clock += 500;
    // A QR code drawn on a starved machine: 5 s of the clock, none of it the service's.
    await expect(deadline.aside(() => Promise.resolve((clock += 5000)))).resolves.toBe(6500);
    expect(deadline.remaining()).toBe(1500);
    await expect(request('/x', {})).resolves.toMatchObject({ status: 200 });
  });

  it('says connection refused and the address when nothing listens', async () => {
    const url = await serve(() => undefined);
    await new Promise((resolve) => server!.close(resolve));
    const request = createRequester({ baseUrl: url, timeoutMs: 2000, userAgent: 't' });
    const error = await request('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain(`Could not reach ${url} (connection refused)`);
    expect((error as Error).message).not.toContain('chatbot emulator start');
  });
});

describe('toNetworkError', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  it('points at the emulator when the default local address refuses', () => {
    const error = toNetworkError(refused, 'http://127.0.0.1:8484', { budgetMs: 30_000, scope: 'request' });
    expect(error.message).toContain('start the local emulator with `chatbot emulator start`');
    expect(error.exitCode).toBe(ExitCode.network);
  });

  it('names DNS failures', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    expect(toNetworkError(dns, 'https://nowhere.invalid', { budgetMs: 30_000, scope: 'request' }).message).toContain(
      'Could not resolve the host',
    );
  });
});
