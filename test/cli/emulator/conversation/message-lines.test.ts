// How `emulator outbox` and `dev` show each kind of message, both ways: every field a person needs, in the profile's
// time zone, without colour or terminal control characters from the message.
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/api/emulator-control.js';
import {
  localTime,
  messageLines,
  pendingLine,
  type LineOptions,
} from '../../../../src/cli/commands/emulator/conversation/message-lines.js';

const plain: LineOptions = { style: new Chalk({ level: 0 }), timeZone: 'America/Sao_Paulo', clock: 'date-time' };
const AT = '2030-01-01T12:00:05.000Z';

function sent(kind: string, content: Record<string, unknown>, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: '3EB0AAAA',
    direction: 'out',
    kind,
    chat: '5521998765432',
    timestamp: AT,
    content,
    avisos: [],
    cursor: 'c',
    ...extra,
  };
}

function received(kind: string, content: Record<string, unknown>, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { ...sent(kind, content), direction: 'in', de: '5521998765432', ...extra };
}

const lines = (message: ChatMessage) => messageLines(message, plain);
const line = (message: ChatMessage) => lines(message)[0];

describe('sent messages, by kind', () => {
  it('a text: time in the profile zone, direction, contact, kind, the text quoted, the id', () => {
    expect(line(sent('text', { message: 'Olá!' }))).toBe(
      '2030-01-01 09:00:05  → 5521998765432   text       "Olá!"  3EB0AAAA',
    );
  });

  it('buttons: header, text, each button (links and calls with their action), footer', () => {
    const buttons = [
      { type: 'replyButton', displaytext: 'Sim', id: '1' },
      { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com' },
      { type: 'callButton', displaytext: 'Ligar', action: '+5581989769960' },
    ];
    expect(
      line(sent('buttons', { message: 'Escolha', buttons, header_title: 'Pedido', footer_text: 'Loja' })),
    ).toContain('*Pedido*  "Escolha"  [Sim] [Site → https://exemplo.com] [Ligar → +5581989769960]  (footer "Loja")');
  });

  it('a poll: the question, every option, and whether several may be chosen', () => {
    expect(line(sent('poll', { message: 'Sabor?', opcoes: ['Manga', 'Uva'], multiplaEscolha: false }))).toContain(
      '"Sabor?"  ○ Manga  ○ Uva  (one choice)',
    );
    expect(line(sent('poll', { message: 'Sabores?', opcoes: ['A', 'B'], multiplaEscolha: true }))).toContain(
      '(several choices)',
    );
  });

  it('a carousel: its text, then a line per card with its texts, image and buttons; display warnings below', () => {
    const cards = [
      {
        title: 'Plano A',
        subtitle: 'R$ 10',
        image_url: 'https://x.com/a.jpg',
        buttons: [{ type: 'quickReplyButton', displaytext: 'Assinar', id: 'a' }],
      },
      { description: 'Sem título', buttons: [] },
    ];
    const avisos = [{ regra: 'carousel-card-image', texto: 'Card 2 has no image.' }];
    const all = lines(sent('carousel', { message: 'Planos', cards, footer_text: 'Até sexta' }, { avisos }));
    expect(all[0]).toContain('carousel   "Planos"  (footer "Até sexta")');
    expect(all.slice(1)).toEqual([
      '                     card 1:  "Plano A" — "R$ 10"  image https://x.com/a.jpg  [Assinar]',
      '                     card 2:  "Sem título"',
      '                     ⚠ Card 2 has no image.',
    ]);
  });

  it('media: type, file name, caption and URL, or the size of base64 data; a scheduled one says so', () => {
    expect(
      line(
        sent('media', {
          mediaType: 'document',
          fileName: 'nota.pdf',
          file: 'https://x.com/nota.pdf',
          caption: 'Sua nota',
        }),
      ),
    ).toContain('media      document  nota.pdf  "Sua nota"  https://x.com/nota.pdf');
    expect(line(sent('media', { mediaType: 'image', fileName: 'foto.png', size: 3000 }))).toContain(
      'image  foto.png  (3000 bytes)',
    );
    expect(
      line(
        sent(
          'media',
          { message: 'Boleto', file: 'https://x.com/b.pdf', nomearquivo: 'b.pdf' },
          { agendamento_id: 'agd_1' },
        ),
      ),
    ).toContain('file  b.pdf  "Boleto"  https://x.com/b.pdf  (scheduled agd_1)');
  });

  it('a reply, a reaction, a location, a template and a status post', () => {
    expect(line(sent('reply', { message: 'Claro', idMensagem: '3EB0BBBB', respostaMensagem: 'Tem?' }))).toContain(
      '"Claro"  ↩ "Tem?" (3EB0BBBB)',
    );
    expect(line(sent('reaction', { message: '👍', id: '3EB0BBBB' }))).toContain('👍 on 3EB0BBBB');
    expect(line(sent('reaction', { message: 'remove', id: '3EB0BBBB' }))).toContain('reaction removed on 3EB0BBBB');
    expect(
      line(sent('location', { latitude: -8.05, longitude: -34.88, mapa: 'https://maps/x', message: 'Aqui' })),
    ).toContain('-8.05, -34.88  https://maps/x  "Aqui"');
    expect(
      line(sent('template', { template_id: 'tpl_1', message: 'Olá Ana', botoes: [{ id: '1', texto: 'Sim' }] })),
    ).toContain('"Olá Ana"  [Sim]  (template tpl_1)');
    expect(
      line(
        sent('story', { message: 'Promo', mediaType: 'image', file: 'https://x.com/p.jpg', backgroundColor: '#fff' }),
      ),
    ).toContain('"Promo"  image https://x.com/p.jpg  background #fff');
  });
});

describe('received messages, by event', () => {
  it('shows who wrote (their name, the group) and what they did', () => {
    expect(line(received('text', { mensagem: 'Oi' }, { nome: 'Ana' }))).toBe(
      '2030-01-01 09:00:05  ← 5521998765432 (Ana)  text       "Oi"  3EB0AAAA',
    );
    expect(
      line(received('button', { opcao: { id: '1', texto: 'Sim' } }, { chat: '120363000000000001@g.us' })),
    ).toContain('← 5521998765432 in 120363000000000001@g.us  button     clicked "Sim" (id 1)');
    expect(line(received('poll_vote', { pergunta: 'Sabor?', opcoes: ['Manga'] }))).toContain('"Sabor?" → "Manga"');
  });
});

describe('what no message can do to the terminal', () => {
  it('control characters in any field are shown as ?, never passed through', () => {
    const hostile = '\u001b[2J\u0007';
    const all = lines(
      sent('buttons', {
        message: 'x',
        buttons: [{ type: 'replyButton', displaytext: hostile }],
        header_title: hostile,
      }),
    );
    const text = all.join('\n');
    const controls = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).filter(
      (code) => code !== 0x0a && (code < 0x20 || code === 0x7f),
    );
    expect(controls).toEqual([]);
  });
});

describe('times', () => {
  it('in the zone given, as date and time for a listing or time alone for a stream', () => {
    expect(localTime(AT, 'Asia/Tokyo', 'date-time')).toBe('2030-01-01 21:00:05');
    expect(localTime(AT, 'America/Sao_Paulo', 'time')).toBe('09:00:05');
  });

  it('a schedule still waiting shows when it goes out and to whom', () => {
    const schedule = {
      id: 'agd_1',
      agendamento: '2030-01-01 10:00:00',
      enviaEm: '2030-01-01T13:00:00.000Z',
      message: 'Lembrete',
      file: null,
    };
    expect(pendingLine(schedule, ['5521998765432', '5531987654321'], plain)).toBe(
      '2030-01-01 10:00:00  → 5521998765432, 5531987654321  scheduled  "Lembrete"  agd_1',
    );
  });
});
