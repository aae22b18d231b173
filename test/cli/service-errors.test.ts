// What the service meant: `validation.required` on a request with the user's own fields is a rejected field (exit 6)
// naming the likely ones, not an authentication failure; every service error keeps its Portuguese text and adds an
// English gloss and a next step.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { explainServiceError, userFields } from '../../src/api/explain.js';
import { usePairedDevice } from './support/paired-device.js';

const t = usePairedDevice();
const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });

describe('service errors against the emulator', () => {
  it('send text --to 999@g.us: exit 6, "the service rejected a field", likely to and message', async () => {
    const result = await run(['send', 'text', '--to', '999@g.us', '-m', 'x']);
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toMatch(
      /^Error \(401\): validation\.required \(the service rejected a field of this request; likely to, message\) — check those values/,
    );
  });

  it('a wrong authkey keeps the Portuguese text, glosses it and says what to do on an emulator; exit 3', async () => {
    const result = await run(['send', 'text', '--to', '+5581989769960', '-m', 'x', '--authkey', 'chave-errada-123456']);
    expect(result.exitCode, result.stderr).toBe(3);
    expect(result.stderr).toMatch(
      /^Error \(401\): Authkey inválida ou não encontrada\. \(this emulator has no account with that authkey .* run `chatbot register` to make one on it\)/,
    );
  });

  it('an unknown device: the 404 text, "no device found" and `chatbot devices ls`; exit 4', async () => {
    const result = await run(['user', 'status', '+5581989769960', '--appkey', 'nao-existe']);
    expect(result.exitCode, result.stderr).toBe(4);
    expect(result.stderr).toContain(
      'Nenhum dispositivo encontrado. (no device found — check the device or appkey: `chatbot devices ls` lists them)',
    );
  });
});

describe('explainServiceError', () => {
  const validation = new ApiError(401, 'validation.required', {});

  it('names the fields of the user, never keys or fixed flags', () => {
    expect(userFields({ authkey: 'k', appkey: 'a', to: '1', message: 'false', obterStatus: 'true' })).toEqual(['to']);
  });

  it('a request with only keys and flags keeps validation.required as an authentication failure (exit 3)', () => {
    const explained = explainServiceError(validation, { authkey: 'k', message: 'false', dispositivos: 'true' });
    expect(explained.exitCode).toBe(3);
    expect(explained.message).toMatch(
      /^validation\.required \(a required field is missing or invalid — check the authkey/,
    );
  });

  it('a wrong authkey on the real service: the gloss says to log in again (exit 3)', () => {
    const explained = explainServiceError(new ApiError(401, 'Authkey inválida ou não encontrada.', {}), {
      authkey: 'k',
    });
    expect(explained.message).toMatch(
      /^Authkey inválida ou não encontrada\. \(invalid or unknown authkey — run `chatbot login`/,
    );
    expect(explained.exitCode).toBe(3);
  });

  it('an unknown message gets the gloss of its status', () => {
    const explained = explainServiceError(new ApiError(403, 'Proibido.', {}), { authkey: 'k' });
    expect(explained.message).toBe(
      'Proibido. (the service refused the request — check the values given; `--help` shows each flag)',
    );
    expect(explained.exitCode).toBe(6);
  });
});
