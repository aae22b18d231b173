// chatbot listen: human lines, --events, --path, 404/405, Ctrl-C summary (binary); flag checks and taken port (in-process).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useEmulatorSandbox } from '../support/harness.js';
import { waitFor } from '../../support/wait-for.js';
import { closedPort, postEvent, RunningListener, Target } from './helpers.js';

const APPKEY = 'loja-centro-appkey-0001';

function event(evento: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    evento,
    tipo: 'Chat',
    instancia: APPKEY,
    dispositivo: 'dev-1',
    remetente: '5521998765432',
    destinatario: '5511987654321',
    chat: '5521998765432',
    isGrupo: false,
    nome: 'Ana',
    idMessagem: `id-${evento}`,
    timestamp: '2025-03-10T15:04:05.000Z',
    ...fields,
  };
}

const t = useEmulatorSandbox();

describe('chatbot listen (human mode, binary)', () => {
  it('prints one line per event with its content, masks instancia, shows the forward status; Ctrl-C prints counts', async () => {
    const target = await Target.start();
    const listener = await RunningListener.start(
      t.box,
      ['--port', '0', '--path', '/hook', '--forward-to', target.url],
      {
        CHATBOT_TIMEZONE: 'UTC',
      },
    );
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
      const bodies = [
        event('text', { mensagem: 'Oi, tudo bem?' }),
        event('button', { opcao: { id: '2', texto: 'Não' }, mensagem: 'Não' }),
        event('location', {
          latitude: -8.0631,
          longitude: -34.8711,
          mapa: 'https://www.google.com/maps?q=-8.0631,-34.8711',
        }),
        event('poll_vote', { pergunta: 'Pizza hoje?', opcoes: ['Sim'] }),
        event('reaction', { emoji: '❤️', idMensagemOriginal: 'MSG-9' }),
      ];
      for (const body of bodies) expect(await postEvent(listener.url, JSON.stringify(body))).toBe(200);
      expect(await postEvent(listener.url, 'not json at all', 'text/plain')).toBe(200);
      await waitFor(() => listener.lines().length >= 6, { what: 'six lines' });

      const [text, button, location, poll, reaction, raw] = listener.lines();
      expect(text).toMatch(/^15:04:05\s+text\s+Chat\s+5521998765432 → 5511987654321\s+"Oi, tudo bem\?"/);
      expect(button).toContain('clicked "Não" (id 2)');
      expect(location).toContain('-8.0631, -34.8711  https://www.google.com/maps?q=-8.0631,-34.8711');
      expect(poll).toContain('"Pizza hoje?" → "Sim"');
      expect(reaction).toContain('❤️ on MSG-9');
      expect(raw).toContain('not JSON (15 bytes, text/plain) "not json at all"');
      for (const line of [text, button, location, poll, reaction, raw]) expect(line).toContain('→ HTTP 200');
      expect(text).toContain('[loja…0001]');
      expect(listener.stdout).not.toContain(APPKEY);
      // Forwards run concurrently, so the target may see them in another order.
      expect(target.received.map((r) => r.raw).sort()).toEqual(
        [...bodies.map((b) => JSON.stringify(b)), 'not json at all'].sort(),
      );
      expect(target.received.find((r) => r.raw === 'not json at all')?.contentType).toBe('text/plain');

      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`Stopped: 6 events received, 6 forwarded to ${target.url}, 0 not delivered.`);
    } finally {
      await listener.stop().catch(() => undefined);
      await target.close();
    }
  });

  it('--events keeps only the listed kinds; --path answers 404 elsewhere and 405 to anything but POST', async () => {
    const listener = await RunningListener.start(t.box, [
      '--port',
      '0',
      '--path',
      '/hook',
      '--events',
      'reaction, text',
    ]);
    try {
      const base = listener.url.replace(/\/hook$/, '');
      expect(await postEvent(`${base}/other`, JSON.stringify(event('text', { mensagem: 'perdido' })))).toBe(404);
      expect((await fetch(listener.url)).status).toBe(405);
      expect((await fetch(listener.url, { method: 'PUT', body: '{}' })).headers.get('allow')).toBe('POST');
      expect(await postEvent(`${listener.url}/?x=1`, JSON.stringify(event('text', { mensagem: 'com barra' })))).toBe(
        200,
      );
      expect(await postEvent(listener.url, JSON.stringify(event('location', { latitude: 1, longitude: 2 })))).toBe(200);
      expect(await postEvent(listener.url, JSON.stringify(event('reaction', { emoji: '🎉' })))).toBe(200);
      await waitFor(() => listener.lines().length >= 2, { what: 'two lines' });
      const result = await listener.stop('SIGTERM');
      expect(result.exitCode).toBe(0);
      expect(listener.lines()).toHaveLength(2);
      expect(listener.lines()[0]).toContain('"com barra"');
      expect(listener.lines()[1]).toContain('🎉');
      expect(result.stdout).not.toContain('perdido');
      expect(result.stderr).toContain('Stopped: 3 events received, 1 skipped by --events.');
    } finally {
      await listener.stop().catch(() => undefined);
    }
  });

  it('prints the body of each event as one NDJSON line under --json, unparseable bodies as {"raw": ...}', async () => {
    const listener = await RunningListener.start(t.box, ['--port', '0', '--json']);
    try {
      const pretty = JSON.stringify(event('text', { mensagem: 'linha\nquebrada' }), null, 2);
      await postEvent(listener.url, pretty);
      await postEvent(listener.url, 'evento=text&mensagem=oi', 'application/x-www-form-urlencoded');
      await waitFor(() => listener.documents().length >= 2, { what: 'two documents' });
      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      const [first, second] = listener.documents();
      expect(first).toEqual(JSON.parse(pretty));
      expect(first?.instancia).toBe(APPKEY);
      expect(second).toEqual({ raw: 'evento=text&mensagem=oi' });
      expect(result.stderr).toContain('Stopped: 2 events received.');
    } finally {
      await listener.stop().catch(() => undefined);
    }
  });
});

describe('chatbot listen: bad flags and a taken port (exit 2, nothing started)', () => {
  it('rejects an unknown --events name, listing the valid ones', async () => {
    const result = await t.box.run(['listen', '--port', '0', '--events', 'text,vote']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      '--events: unknown event "vote" — valid events are: text, button, location, poll_vote, reaction',
    );
    expect(result.stderr).not.toContain('Listening on');
  });

  it('rejects a --path that is not a path and a --forward-to that is not an http(s) URL', async () => {
    const path = await t.box.run(['listen', '--path', 'hook']);
    expect(path.exitCode).toBe(2);
    expect(path.stderr).toContain('--path must be a URL path starting with "/"');
    const forward = await t.box.run(['listen', '--forward-to', 'ftp://example.com/x', '--json']);
    expect(forward.exitCode).toBe(2);
    expect(JSON.parse(forward.stderr).error).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('--forward-to'),
    });
    expect(forward.stdout).toBe('');
  });

  it('exits 2 with a clear message when the port is taken', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await t.box.run(['listen', '--port', String(port)]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(
        `Port ${port} is already in use — pick another with --port, or --port 0 for any free port`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses to forward to itself', async () => {
    const port = await closedPort();
    const result = await t.box.run(['listen', '--port', String(port), '--forward-to', `http://localhost:${port}/`]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('is this listener itself');
  });

  it('--dry-run validates and prints what it would do without listening', async () => {
    const result = await t.box.run([
      'listen',
      '--dry-run',
      '--json',
      '--events',
      'text',
      '--forward-to',
      'http://127.0.0.1:3000/w',
    ]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      dryRun: true,
      host: '127.0.0.1',
      port: 8485,
      path: '/',
      forwardTo: 'http://127.0.0.1:3000/w',
      events: ['text'],
    });
  });
});
