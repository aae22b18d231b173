// Clicks and votes checked against the message they answer, and the buttons and cards such messages carry.
import { describe, expect, it } from 'vitest';
import { readButtons } from '../../../src/emulator/rules/buttons.js';
import { readCards } from '../../../src/emulator/rules/cards.js';
import { clickableChoices, resolveClick, resolveVote } from '../../../src/emulator/control/answers.js';
import { EmulatorError } from '../../../src/emulator/http/reply.js';

function errorOf(fn: () => unknown): EmulatorError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EmulatorError) return error;
  }
  throw new Error('no EmulatorError');
}

describe('buttons and cards', () => {
  it('sendButtons reply buttons get their position as id; url and call buttons need a fitting action', () => {
    const buttons = readButtons(
      [
        { type: 'replyButton', displaytext: 'Sim' },
        { type: 'replyButton', displaytext: 'Não', id: 'nao' },
        { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com.br' },
        { type: 'callButton', displaytext: 'Ligar', action: '+5511955554444' },
      ],
      'buttons',
    );
    expect(buttons?.map((b) => b.id)).toEqual(['1', 'nao', undefined, undefined]);
  });

  it.each([
    [[{ type: 'urlButton', displaytext: 'Site' }]],
    [[{ type: 'urlButton', displaytext: 'Site', action: 'nao-e-url' }]],
    [[{ type: 'callButton', displaytext: 'Ligar', action: 'abc' }]],
    [[{ type: 'quickReplyButton', displaytext: 'x', id: 'x' }]],
    [[{ type: 'replyButton' }]],
    [[]],
    ['nada'],
  ])('rejects sendButtons buttons %j', (buttons) => {
    expect(readButtons(buttons, 'buttons')).toBeUndefined();
  });

  it('carousel quick replies need an id; cards may come as JSON text', () => {
    expect(readCards([{ buttons: [{ type: 'quickReplyButton', displaytext: 'Quero' }] }])).toBeUndefined();
    expect(
      readCards('[{"title":"T","buttons":[{"type":"quickReplyButton","displaytext":"Quero","id":"q"}]}]')?.[0]?.title,
    ).toBe('T');
    expect(readCards({ a: 1 })).toBeUndefined();
    expect(readCards([{ image_url: 'nao-e-url' }])).toBeUndefined();
  });
});

describe('resolveClick', () => {
  const cards = readCards([
    {
      title: 'A',
      buttons: [
        { type: 'quickReplyButton', displaytext: 'Quero este', id: 'quero-1' },
        { type: 'urlButton', displaytext: 'Ver', action: 'https://x.com' },
      ],
    },
    { title: 'B', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero aquele', id: 'quero-2' }] },
  ]);
  const choices = clickableChoices('carousel', { cards });

  it('offers the reply buttons of every card', () => {
    expect(choices).toEqual([
      { id: 'quero-1', texto: 'Quero este' },
      { id: 'quero-2', texto: 'Quero aquele' },
    ]);
  });

  it('finds a button by id, by text, or by an object', () => {
    expect(resolveClick(choices, 'quero-2').texto).toBe('Quero aquele');
    expect(resolveClick(choices, 'Quero este').id).toBe('quero-1');
    expect(resolveClick(choices, { id: 'quero-1' }).id).toBe('quero-1');
    expect(resolveClick(choices, { texto: 'Quero aquele' }).id).toBe('quero-2');
  });

  it('an unknown button is a 400 naming the valid ones', () => {
    const error = errorOf(() => resolveClick(choices, 'Ver'));
    expect(error.status).toBe(400);
    expect(error.message).toContain('Quero este');
    expect(error.message).toContain('quero-2');
  });

  it('a message without reply buttons cannot be clicked', () => {
    expect(errorOf(() => resolveClick(clickableChoices('text', {}), 'x')).status).toBe(400);
  });
});

describe('resolveVote', () => {
  const single = { opcoes: ['P', 'M', 'G'], multiplaEscolha: false };

  it('returns the chosen names, deduplicated', () => {
    expect(resolveVote(single, ['M', ' M '])).toEqual(['M']);
    expect(resolveVote({ ...single, multiplaEscolha: true }, ['P', 'G'])).toEqual(['P', 'G']);
  });

  it.each([[['X']], [['P', 'M']], [[]]])(
    'rejects %j on a single-choice poll with a 400 naming the options',
    (chosen) => {
      const error = errorOf(() => resolveVote(single, chosen));
      expect(error.status).toBe(400);
      for (const option of single.opcoes) expect(error.message).toContain(`"${option}"`);
    },
  );
});
