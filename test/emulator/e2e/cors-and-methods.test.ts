// CORS for browser pages on other origins, and the methods each service path allows.
import { describe, expect, it } from 'vitest';
import { CONTACT, outbox, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, getJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });
const withKeys = (path: string) => `${path}?${new URLSearchParams(t.device.keys).toString()}`;

describe('CORS and methods', () => {
  it('answers a jQuery preflight from another origin, and every answer carries Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://painel.exemplo.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    const answer = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { origin: 'https://painel.exemplo.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...t.device.keys, to: CONTACT, message: 'do navegador' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const failed = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { origin: 'https://painel.exemplo.com' },
    });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a GET on a service path with 405 and Allow: POST, never running the operation', async () => {
    const before = (await outbox(t.emu.url, t.device.appkey)).length;
    const reply = await getJson(t.emu.url, `${withKeys('/api/create-message')}&to=${CONTACT}&message=via-get`);
    expectError(reply, 405, 'Método não permitido.');
    expect(await outbox(t.emu.url, t.device.appkey)).toHaveLength(before);
  });

  it('names the methods an agent path allows: POST on /api/v2/ia/{id} is 405 with Allow: GET, PUT', async () => {
    const answer = await fetch(`${t.emu.url}/api/v2/ia/agt_qualquer`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT');
    const list = await fetch(`${t.emu.url}/api/v2/ia`, { method: 'PUT', body: '{}' });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, POST');
    const seedPath = await fetch(`${t.emu.url}/api/create-message`, { method: 'DELETE' });
    expect(seedPath.headers.get('allow')).toBe('POST');
  });
});
