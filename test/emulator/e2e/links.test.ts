// The URLs answers hand out (obterImagem's picture, GerenciarLinks' pairing page): absolute, from the Host the
// client used, and served only as handed out.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CONTACT, createGroup, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectOk, postForm, type Body } from './helpers/http.js';

const t = useEmulatorWithDevice();

/** POSTs a form with the Host header a client behind another name would send. */
function postFormAs(host: string, path: string, fields: Record<string, string>): Promise<Body> {
  const { port } = new URL(t.emu.url);
  const data = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as Body));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const picture = (to: string) => ({ ...t.device.keys, message: 'false', to, obterImagem: 'true' });

describe('links in answers', () => {
  it('start with the Host the client used', async () => {
    const body = await postFormAs('emulador.exemplo:9000', '/api/settings', picture(CONTACT));
    expect(body).toMatchObject({ status: 200, imagem: 'http://emulador.exemplo:9000/foto/5521998765432.svg' });
    const link = await postFormAs('[::1]:8484', '/api/developer', {
      authkey: t.device.authkey,
      appkey: t.device.appkey,
      GerenciarLinks: 'conectar',
    });
    expect(link.link).toMatch(/^http:\/\/\[::1\]:8484\/conectar\/[^/]+$/);
  });

  it('fall back to where the emulator listens when the Host is not a plain host[:port]', async () => {
    const body = await postFormAs('evil.exemplo/x?', '/api/settings', picture(CONTACT));
    expect(body.imagem).toBe(`${t.emu.url}/foto/5521998765432.svg`);
  });
});

describe('/foto/', () => {
  it('serves the pictures obterImagem hands out, for a number and a group', async () => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    for (const to of [CONTACT, group.id]) {
      const { imagem } = expectOk(await postForm(t.emu.url, '/api/settings', picture(to)));
      const res = await fetch(imagem as string);
      expect(res.status, imagem as string).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
    }
  });

  it.each([
    ['without .svg', '/foto/5521998765432'],
    ['a number not written as handed out', '/foto/%2B5521998765432.svg'],
    ['a name that is no number or group', '/foto/perfil.svg'],
    ['a deeper path', '/foto/5521998765432/x.svg'],
  ])('answers 404 for %s', async (_what, path) => {
    const res = await fetch(`${t.emu.url}${path}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, message: 'Imagem não encontrada.' });
  });
});
