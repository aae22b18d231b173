// The console's files as the emulator serves them (from the build in dist/console/), with headers that keep other
// origins out; and the control calls its inspector and composer use.
import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { CONTACT, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';
import { getJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

describe('the console page', () => {
  it('is served at / with its script and style, framed by nobody and loading nothing from elsewhere', async () => {
    const page = await fetch(`${t.emu.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/console/console.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${t.emu.url}/console/console.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`${t.emu.url}/console/console.css`)).status).toBe(200);
    const missing = await fetch(`${t.emu.url}/console/../package.json`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${t.emu.url}/console/outro.js`)).status).toBe(404);
  });

  it("names a deep link's first reads in its Link header (preload), the chat as the emulator names it", async () => {
    const preloads = (query: string) => fetch(`${t.emu.url}/${query}`).then((page) => page.headers.get('link'));
    const chat = `/__emulator/chat?dispositivo=dev_1a2b&chat=${CONTACT.slice(1)}&limit=100`;
    const expected = `</__emulator/devices>; rel=preload; as=fetch; crossorigin, <${chat}>; rel=preload; as=fetch; crossorigin`;
    expect(await preloads(`?device=dev_1a2b&contact=${CONTACT.slice(1)}`)).toBe(expected);
    expect(await preloads(`?device=dev_1a2b&contact=${CONTACT.slice(1)}%40s.whatsapp.net`)).toBe(expected);
    expect(await preloads('?device=dev%3E1&contact=status%40broadcast')).toContain(
      '</__emulator/chat?dispositivo=dev%3E1&chat=status%40broadcast&limit=100>',
    );
    expect(await preloads(`?device=dev%0D%0ALink:%20x&contact=${CONTACT.slice(1)}`)).toContain(
      'dispositivo=dev%0D%0ALink%3A+x&',
    );
    expect(await preloads('')).toBeNull();
    expect(await preloads('?device=dev_1a2b&contact=oi')).toBeNull();
    expect(await preloads('?contact=5521998765432')).toBeNull();
  });

  it('is not in the request log, which keeps service requests only', async () => {
    await fetch(`${t.emu.url}/`);
    const logged = await new ControlClient(t.emu.url).requests({ path: '/' });
    expect(logged).toEqual([]);
  });
});

describe('what the inspector and the composer call', () => {
  it('finds the request that created a message, with its answer, keys masked', async () => {
    const sent = await sendText(t.emu.url, t.device, CONTACT, 'qual requisição?');
    const id = sent.body.data.idMensagem as string;
    const [request, ...others] = (await getJson(t.emu.url, `/__emulator/requests?mensagem=${id}`)).body.requisicoes;
    expect(others).toEqual([]);
    expect(request).toMatchObject({ operation: 'sendText', status: 200, resposta: { data: { idMensagem: id } } });
    expect(JSON.stringify(request)).not.toContain(t.device.authkey);
    expect(await new ControlClient(t.emu.url).requests({ mensagem: id })).toEqual([request]);
  });

  it('sends a contact’s reply quoting a message as the text event with the quote', async () => {
    const sent = await sendText(t.emu.url, t.device, CONTACT, 'mensagem citada');
    const quoted = sent.body.data.idMensagem as string;
    await new ControlClient(t.emu.url).inbound(t.device.appkey, 'text', {
      de: CONTACT,
      mensagem: 'respondendo',
      idMensagem: quoted,
    });
    const event = await t.receiver.waitForEvent((e) => e.mensagem === 'respondendo');
    expect(event).toMatchObject({
      evento: 'text',
      tipo: 'Chat',
      idMensagemCitada: quoted,
      mensagemCitada: 'mensagem citada',
    });
    await expect(
      new ControlClient(t.emu.url).inbound(t.device.appkey, 'text', {
        de: CONTACT,
        mensagem: 'x',
        idMensagem: '3EB0NADA',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
