import { describe, expect, it } from 'vitest';
import { useTestEmulator } from './helpers/fixtures.js';

const t = useTestEmulator({ corsOrigins: ['https://painel.exemplo.com'] });

const preflight = (origin: string) =>
  fetch(`${t.emu.url}/api/developer`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });

describe('CORS restricted with corsOrigins', () => {
  it('allows a listed origin by name, with Vary: Origin', async () => {
    const answer = await preflight('https://painel.exemplo.com');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://painel.exemplo.com');
    expect(answer.headers.get('vary')).toBe('Origin');
  });

  it('refuses the preflight of another origin with 403 and gives its answers no Allow-Origin', async () => {
    const refused = await preflight('https://outro.exemplo.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: 403, message: 'Origem não permitida.' });
    const answer = await fetch(`${t.emu.url}/__emulator/health`, { headers: { origin: 'https://outro.exemplo.com' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
