// Expectations against what the bot sent: the kind an expectation implies, each field's match, and the lines of the
// two sides that a failure's diff compares.
import { describe, expect, it } from 'vitest';
import { expectationOf, expectedLines, matches, sentLines } from '../../../src/cli/commands/test/run/expectations.js';
import { sentFromOutbox, sentFromSchedule } from '../../../src/cli/commands/test/run/sent.js';

const none = () => undefined;
const outbox = (kind: string, content: Record<string, unknown>) =>
  sentFromOutbox({ id: '3EB0AAAA', to: '5511912345678', kind, content, timestamp: '2030-01-01T00:00:00Z' });

describe('expectationOf', () => {
  it('a string is a text, exactly; fields imply their kind; an explicit kind wins', () => {
    expect(expectationOf('Olá')).toEqual({ kind: 'text', text: 'Olá' });
    expect(expectationOf({ buttons: ['A'] }).kind).toBe('buttons');
    expect(expectationOf({ options: ['A', 'B'] }).kind).toBe('poll');
    expect(expectationOf({ cards: 2, buttons: ['A'] }).kind).toBe('carousel');
    expect(expectationOf({ media: { type: 'image' } }).kind).toBe('media');
    expect(expectationOf({ emoji: '👍' }).kind).toBe('reaction');
    expect(expectationOf({ quotes: 'x' }).kind).toBe('reply');
    expect(expectationOf({ kind: 'template', buttons: ['Sim'] }).kind).toBe('template');
  });
});

describe('matches', () => {
  const buttons = outbox('buttons', {
    message: 'Escolha uma opção',
    buttons: [
      { type: 'replyButton', displaytext: 'Cardápio', id: '1' },
      { type: 'urlButton', displaytext: 'Site', action: 'https://x.example' },
    ],
  });

  it('text exactly, containing, or matching a regular expression with flags', () => {
    expect(matches(expectationOf({ kind: 'buttons', text: 'Escolha uma opção' }), buttons, none)).toBe(true);
    expect(matches(expectationOf({ kind: 'buttons', text: 'Escolha' }), buttons, none)).toBe(false);
    expect(matches(expectationOf({ kind: 'buttons', text: { contains: 'uma' } }), buttons, none)).toBe(true);
    expect(matches(expectationOf({ kind: 'buttons', text: { matches: '^escolha', flags: 'i' } }), buttons, none)).toBe(
      true,
    );
  });

  it('buttons by their texts, in order; the kind must be the one expected', () => {
    expect(matches(expectationOf({ buttons: ['Cardápio', 'Site'] }), buttons, none)).toBe(true);
    expect(matches(expectationOf({ buttons: ['Site', 'Cardápio'] }), buttons, none)).toBe(false);
    expect(matches(expectationOf({ kind: 'text', text: 'Escolha uma opção' }), buttons, none)).toBe(false);
  });

  it('polls, carousels, media, reactions and replies by their own fields', () => {
    const poll = outbox('poll', { message: 'Sabor?', opcoes: ['A', 'B'], multiplaEscolha: true });
    expect(matches(expectationOf({ options: ['A', 'B'], multiple: true }), poll, none)).toBe(true);
    expect(matches(expectationOf({ options: ['A', 'B'], multiple: false }), poll, none)).toBe(false);
    const carousel = outbox('carousel', { message: 'Ofertas', cards: [{ buttons: [] }, { buttons: [] }] });
    expect(matches(expectationOf({ cards: 2 }), carousel, none)).toBe(true);
    const media = outbox('media', { mediaType: 'document', fileName: 'nota.pdf', caption: 'Sua nota' });
    expect(
      matches(
        expectationOf({ media: { type: 'document', fileName: { matches: '\\.pdf$' } }, text: 'Sua nota' }),
        media,
        none,
      ),
    ).toBe(true);
    expect(matches(expectationOf({ emoji: '👍' }), outbox('reaction', { message: '👍', id: 'x' }), none)).toBe(true);
    const reply = outbox('reply', { message: 'Anotado', idMensagem: '3EB0QUOTED' });
    const quoted = (id: string) => (id === '3EB0QUOTED' ? 'Qual sabor?' : undefined);
    expect(matches(expectationOf({ quotes: { contains: 'sabor' }, text: 'Anotado' }), reply, quoted)).toBe(true);
    expect(matches(expectationOf({ quotes: 'outra' }), reply, quoted)).toBe(false);
  });

  it('schedules by the request that made them: text, time and recipients from any spelling of `to`', () => {
    const schedule = sentFromSchedule({
      id: 7,
      timestamp: '2030-01-01T00:00:00Z',
      method: 'POST',
      path: '/api/create-message',
      operation: 'scheduleMessage',
      status: 200,
      httpStatus: 200,
      fault: null,
      reason: null,
      appkey: 'x…',
      body: { to: '["+55 11 91234-5678"]', message: 'Lembrete', agendamento: '2030-01-01 10:00:00' },
    });
    expect(schedule).toMatchObject({
      kind: 'schedule',
      to: '5511912345678',
      text: 'Lembrete',
      at: '2030-01-01 10:00:00',
    });
    expect(matches(expectationOf({ kind: 'schedule', text: 'Lembrete' }), schedule, none)).toBe(true);
  });
});

describe('the lines a diff compares', () => {
  it('name only the fields the expectation checks, on both sides', () => {
    const expectation = expectationOf({ text: { contains: 'oi' }, buttons: ['A'] });
    const sent = outbox('text', { message: 'tchau' });
    expect(expectedLines(expectation)).toEqual(['kind: buttons', 'text: containing "oi"', 'buttons: [A]']);
    expect(sentLines(expectation, sent, none)).toEqual(['kind: text', 'text: "tchau"', 'buttons: []']);
  });
});
