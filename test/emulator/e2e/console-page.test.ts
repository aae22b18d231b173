// The console's files as the emulator serves them (from the build in dist/console/), with headers that keep other
// origins out; and the control calls its inspector and composer use.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consoleFile } from '../../../src/emulator/console/assets.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { CONTACT, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';
import { getJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The page at this query, and the first reads in it. */
async function firstReadsOf(query: string): Promise<{ html: string; reads: unknown }> {
  const page = await fetch(`${t.emu.url}/${query}`);
  expect(page.headers.get('link')).toBeNull();
  const html = await page.text();
  const json = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html)?.[1];
  return { html, reads: json === undefined ? undefined : JSON.parse(json) };
}

describe('the console page', () => {
  it('is served at / with its script and style inline, allowed by their hashes, framed by nobody', async () => {
    const page = await fetch(`${t.emu.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const html = await page.text();
    const script = /<script type="module">([^]*?)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([^]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(script.length).toBeGreaterThan(10_000);
    expect(style.length).toBeGreaterThan(1_000);
    expect(script).toBe(consoleFile('console.js'));
    expect(style).toBe(consoleFile('console.css'));
    expect(policy).toContain(`script-src '${sha256(script)}';`);
    expect(policy).toContain(`style-src '${sha256(style)}';`);
    expect(html).not.toMatch(/(src|href)=["']?https?:/);
    for (const path of ['/console/console.js', '/index.html', '/console/../package.json']) {
      expect((await fetch(`${t.emu.url}${path}`)).status, path).toBe(404);
    }
    const post = await fetch(`${t.emu.url}/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it("carries its first reads as the control API answers them: the devices, a deep link's chat, the emulator's zone", async () => {
    const sent = await sendText(t.emu.url, t.device, CONTACT, '</script><script>alert(1)</script><!--');
    expect(sent.status).toBe(200);
    const devices = (await getJson(t.emu.url, '/__emulator/devices')).body;
    const query = `dispositivo=${t.device.id}&chat=${CONTACT.slice(1)}&limit=100`;
    const chat = (await getJson(t.emu.url, `/__emulator/chat?${query}`)).body;
    const linked = await firstReadsOf(`?device=${t.device.id}&contact=${CONTACT.slice(1)}`);
    const fuso = 'America/Sao_Paulo';
    expect(linked.reads).toEqual({ devices, chat, fuso });
    expect(linked.html).not.toContain('<script>alert(1)');
    expect(linked.html).not.toContain('<!--');
    expect((await firstReadsOf(`?device=${t.device.id}&contact=${CONTACT.slice(1)}%40s.whatsapp.net`)).reads).toEqual({
      devices,
      chat,
      fuso,
    });
    for (const query of [
      '',
      '?device=dev_outro&contact=5521998765432',
      '?device=x&contact=oi',
      '?contact=5521998765432',
    ]) {
      expect((await firstReadsOf(query)).reads).toEqual({ devices, chat: null, fuso });
    }
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
