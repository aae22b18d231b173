// Who may reach the console and the control API, over real HTTP: the Host check (DNS rebinding), the origin of
// state-changing calls, no CORS for them, and the token beyond loopback. The service routes keep their rules.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ControlClient, EmulatorCallError } from '../../../src/emulator/testing/client.js';
import { accountWithDevice, CONTACT, useTestEmulator } from './helpers/fixtures.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, since fetch sets Host and Origin itself. */
function call(base: string, path: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const t = useTestEmulator();
const origin = () => t.emu.url;
const hostOf = (url: string) => new URL(url).host;

async function deviceExists(base: string, appkey: string): Promise<boolean> {
  return (await call(base, `/__emulator/outbox?appkey=${appkey}`, 'GET', {})).status === 200;
}

describe('state-changing control calls come from the console or from no browser at all', () => {
  it('a page on another origin cannot reset the emulator with a simple text/plain POST (403); the state stays', async () => {
    const device = await accountWithDevice(t.emu.url);
    const answer = await call(t.emu.url, '/__emulator/reset', 'POST', {
      origin: 'https://site-qualquer.example',
      'content-type': 'text/plain',
      'sec-fetch-site': 'cross-site',
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 403 });
    expect(JSON.parse(answer.text).message).toContain('Origem não permitida.');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(await deviceExists(t.emu.url, device.appkey)).toBe(true);
  });

  it('refuses Origin: null (sandboxed frames, file: pages) and another port of the same host', async () => {
    for (const foreign of ['null', 'http://127.0.0.1:3000', 'http://localhost:' + String(t.emu.port)]) {
      const answer = await call(
        t.emu.url,
        '/__emulator/clock/advance',
        'POST',
        {
          origin: foreign,
          'content-type': 'application/json',
        },
        '{"by":"1s"}',
      );
      expect(answer.status, foreign).toBe(403);
    }
  });

  it('refuses a browser call marked cross-site or same-site by Sec-Fetch-Site even without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await call(t.emu.url, '/__emulator/faults/clear', 'POST', { 'sec-fetch-site': site });
      expect(answer.status, site).toBe(403);
    }
  });

  it("accepts the console's own origin, and calls with no Origin at all (curl, the CLI, tests)", async () => {
    const own = await call(t.emu.url, '/__emulator/faults/clear', 'POST', {
      origin: origin(),
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const byLocalhost = await call(t.emu.url, '/__emulator/faults/clear', 'POST', {
      host: `localhost:${t.emu.port}`,
      origin: `http://localhost:${t.emu.port}`,
    });
    expect(byLocalhost.status).toBe(200);
    expect((await call(t.emu.url, '/__emulator/faults/clear', 'POST', {})).status).toBe(200);
  });

  it('answers a preflight to the control API with 403 and no Access-Control-Allow-Origin', async () => {
    const answer = await call(t.emu.url, '/__emulator/reset', 'OPTIONS', {
      origin: 'https://site-qualquer.example',
      'access-control-request-method': 'POST',
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives control answers no Access-Control-Allow-Origin, while the service routes keep theirs', async () => {
    const control = await call(t.emu.url, '/__emulator/health', 'GET', { origin: 'https://painel.exemplo.com' });
    expect(control.status).toBe(200);
    expect(control.headers['access-control-allow-origin']).toBeUndefined();
    const service = await call(
      t.emu.url,
      '/api/create-message',
      'POST',
      {
        origin: 'https://painel.exemplo.com',
        'content-type': 'application/json',
      },
      JSON.stringify({ to: CONTACT, message: 'x' }),
    );
    expect(service.status).toBe(401);
    expect(service.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the Host check (DNS rebinding)', () => {
  it('answers the control API and the console only for loopback names and the listening address, with its port', async () => {
    for (const host of [`127.0.0.1:${t.emu.port}`, `localhost:${t.emu.port}`, `[::1]:${t.emu.port}`]) {
      expect((await call(t.emu.url, '/__emulator/health', 'GET', { host })).status, host).toBe(200);
    }
    for (const host of [`rebind.attacker.example:${t.emu.port}`, '127.0.0.1:1', `127.0.0.2:${t.emu.port}`]) {
      for (const path of ['/__emulator/health', '/']) {
        const answer = await call(t.emu.url, path, 'GET', { host });
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(answer.text).message).toContain('Host não permitido.');
        expect(JSON.parse(answer.text).message).toContain(`127.0.0.1:${t.emu.port}`);
      }
    }
  });

  it('leaves the service routes as they were for any Host', async () => {
    const answer = await call(
      t.emu.url,
      '/api/create-message',
      'POST',
      {
        host: `qualquer.example:${t.emu.port}`,
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(answer.status).toBe(401);
  });
});

describe('beyond loopback: a token', () => {
  const open = useTestEmulator({ host: '0.0.0.0', token: 'token-de-teste-0123456789abcdef' });
  const base = () => `http://127.0.0.1:${open.emu.port}`;

  it('is required by the control API and the console, not by the health check or the service routes', async () => {
    expect(open.emu.token).toBe('token-de-teste-0123456789abcdef');
    expect(open.emu.consoleUrl).toBe(`${base()}/?token=token-de-teste-0123456789abcdef`);
    const refused = await call(base(), '/__emulator/faults', 'GET', {});
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).message).toContain('Token do emulador ausente ou inválido.');
    expect((await call(base(), '/', 'GET', {})).status).toBe(401);
    const wrong = await call(base(), '/__emulator/faults', 'GET', {
      'x-emulator-token': 'token-de-teste-0123456789abcdeF',
    });
    expect(wrong.status).toBe(401);
    expect((await call(base(), '/__emulator/health', 'GET', {})).status).toBe(200);
    const service = await call(base(), '/api/create-message', 'POST', { 'content-type': 'application/json' }, '{}');
    expect(service.status).toBe(401);
    expect(JSON.parse(service.text).message).toBe('validation.required');
  });

  it('is accepted as the X-Emulator-Token header, through chatbot-cli/emulator too', async () => {
    const header = await call(base(), '/__emulator/faults', 'GET', {
      'x-emulator-token': 'token-de-teste-0123456789abcdef',
    });
    expect(header.status).toBe(200);
    await expect(new ControlClient(base()).faults.list()).rejects.toBeInstanceOf(EmulatorCallError);
    const client = new ControlClient(base(), { token: 'token-de-teste-0123456789abcdef' });
    expect(await client.faults.list()).toEqual([]);
  });

  it('in the console URL once: the page answers with an HttpOnly SameSite=Strict cookie and an address without it', async () => {
    const first = await call(base(), '/?token=token-de-teste-0123456789abcdef&device=dev_1', 'GET', {
      host: hostOf(base()),
    });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/?device=dev_1');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`chatbot_emulator_token_${open.emu.port}=token-de-teste-0123456789abcdef`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const jar = cookie.split(';')[0]!;
    expect((await call(base(), '/__emulator/faults', 'GET', { cookie: jar })).status).toBe(200);
    expect((await call(base(), '/?token=errado', 'GET', {})).status).toBe(401);
  });
});
