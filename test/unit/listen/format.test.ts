import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { readEvent, ndjsonLine, labelOf } from '../../../src/listen/event.js';
import { formatEventLine } from '../../../src/listen/format.js';

const plain = new Chalk({ level: 0 });
const APPKEY = 'abcd-appkey-secret-wxyz';

function received(body: unknown, contentType = 'application/json') {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return readEvent(7, raw, contentType, Date.parse('2025-01-02T03:04:05Z'));
}

function line(fields: Record<string, unknown>, forward?: string): string {
  const body = {
    tipo: 'Me',
    instancia: APPKEY,
    remetente: '5511987654321',
    destinatario: '5521998765432',
    chat: '5521998765432',
    idMessagem: 'M1',
    timestamp: '2025-03-10T15:04:05.000Z',
    ...fields,
  };
  return formatEventLine(received(body), { style: plain, timeZone: 'UTC', ...(forward ? { forward } : {}) });
}

describe('formatEventLine', () => {
  it('shows time, kind, origin, from → to and the text', () => {
    expect(line({ evento: 'text', mensagem: 'Olá\nmundo' })).toBe(
      '15:04:05  text       Me       5511987654321 → 5521998765432  "Olá\\nmundo"  [abcd…wxyz]',
    );
  });

  it('masks instancia: the appkey never appears whole', () => {
    expect(line({ evento: 'text', mensagem: 'x' })).not.toContain(APPKEY);
  });

  it('uses the given time zone', () => {
    const event = received({ evento: 'text', mensagem: 'x', timestamp: '2025-03-10T15:04:05.000Z' });
    expect(formatEventLine(event, { style: plain, timeZone: 'America/Sao_Paulo' })).toMatch(/^12:04:05 /);
  });

  it('falls back to the arrival time when the event has no valid timestamp', () => {
    expect(line({ evento: 'text', mensagem: 'x', timestamp: 'ontem' })).toMatch(/^03:04:05 /);
  });

  it('describes each documented kind by its content', () => {
    expect(line({ evento: 'button', opcao: { id: 'b2', texto: 'Não' } })).toContain('clicked "Não" (id b2)');
    expect(
      line({ evento: 'location', latitude: -8.06, longitude: -34.87, mapa: 'https://maps.example/?q=-8.06,-34.87' }),
    ).toContain('-8.06, -34.87  https://maps.example/?q=-8.06,-34.87');
    expect(line({ evento: 'poll_vote', pergunta: 'Pizza?', opcoes: ['Sim', 'Talvez'] })).toContain(
      '"Pizza?" → "Sim", "Talvez"',
    );
    expect(line({ evento: 'poll_vote', pergunta: 'Pizza?', opcoes: [] })).toContain('"Pizza?" → (vote withdrawn)');
    expect(line({ evento: 'reaction', emoji: '👍', idMensagemOriginal: 'M0' })).toContain('👍 on M0');
    expect(line({ evento: 'reaction', emoji: '', removida: true, idMensagemOriginal: 'M0' })).toContain(
      'reaction removed on M0',
    );
  });

  it('shows a group as the destination of a message written in it', () => {
    expect(
      line({
        evento: 'text',
        mensagem: 'oi',
        tipo: 'Chat',
        remetente: '5521998765432',
        chat: '120363000000000001@g.us',
      }),
    ).toContain('5521998765432 → 120363000000000001@g.us');
  });

  it('shows kinds beyond the documented five with their message', () => {
    expect(line({ evento: 'agendamento', tipo: 'Sistema', mensagem: 'Enviado', idAgendamento: 'S1' })).toContain(
      'agendamento  Sistema  5511987654321 → 5521998765432  "Enviado"  schedule S1',
    );
  });

  it('keeps terminal control characters out of the line', () => {
    const evil = line({ evento: 'reaction', emoji: '\u001b[2J', remetente: '\u001b]0;x\u0007' });
    // A string pattern: no-control-regex rejects control characters in a regex literal; finding them is the point.
    const c0Controls = '[\\u0000-\\u001f]';
    expect(evil).not.toMatch(new RegExp(c0Controls));
  });

  it('appends the forward status', () => {
    expect(line({ evento: 'text', mensagem: 'x' }, '→ HTTP 200')).toMatch(/ {2}→ HTTP 200$/);
  });

  it('describes a body that is not JSON', () => {
    const event = received('a=1&b=2', 'application/x-www-form-urlencoded');
    expect(formatEventLine(event, { style: plain, timeZone: 'UTC' })).toBe(
      '03:04:05  raw        not JSON (7 bytes, application/x-www-form-urlencoded) "a=1&b=2"',
    );
  });

  it('colours the line when the style has colours', () => {
    const coloured = formatEventLine(received({ evento: 'text', mensagem: 'x' }), {
      style: new Chalk({ level: 1 }),
      timeZone: 'UTC',
    });
    expect(coloured).toContain('\u001b[36mtext');
  });
});

describe('ndjsonLine', () => {
  it('prints a one-line JSON body exactly as received, instancia included', () => {
    const raw = '{"evento":"text","instancia":"abcd-appkey-secret-wxyz","n":1.50}';
    expect(ndjsonLine(received(raw))).toBe(raw);
  });

  it('puts a JSON body spread over lines on one line, same fields', () => {
    const body = { evento: 'text', mensagem: 'a\nb', nested: { x: [1, 2] } };
    const result = ndjsonLine(received(JSON.stringify(body, null, 2)));
    expect(result).not.toContain('\n');
    expect(JSON.parse(result)).toEqual(body);
  });

  it('wraps a body that is not JSON as {"raw": ...}', () => {
    expect(JSON.parse(ndjsonLine(received('oi\n', 'text/plain')))).toEqual({ raw: 'oi\n' });
    expect(JSON.parse(ndjsonLine(received('')))).toEqual({ raw: '' });
  });
});

describe('labelOf', () => {
  it('names an event by its idMessagem, else by its arrival number', () => {
    expect(labelOf(received({ idMessagem: 'ABC' }))).toBe('ABC');
    expect(labelOf(received('x'))).toBe('#7');
  });
});

describe('formatEventLine: a device whose phone is not known yet', () => {
  it('shows the device id on its side of the route', () => {
    expect(line({ evento: 'text', mensagem: 'x', remetente: '', dispositivo: 'dev_1' })).toContain(
      'dev_1 → 5521998765432',
    );
    expect(
      line({
        evento: 'text',
        mensagem: 'x',
        tipo: 'Chat',
        remetente: '5521998765432',
        destinatario: '',
        dispositivo: 'dev_1',
      }),
    ).toContain('5521998765432 → dev_1');
  });
});
