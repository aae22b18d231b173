// Carousel cards JSON: structure checks with the place of each fault, and syntax errors with line and column.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCards } from '../../../src/cli/commands/send/cards.js';
import { findJsonFault, lineAndColumn, parseJsonText } from '../../../src/cli/commands/send/json-syntax.js';

const CARD = {
  image_url: 'https://example.com/1.jpg',
  title: 'A',
  subtitle: 'S',
  description: 'D',
  buttons: [
    { type: 'quickReplyButton', displaytext: 'Quero', id: 'a' },
    { type: 'urlButton', displaytext: 'Ver', action: 'https://example.com' },
    { type: 'callButton', displaytext: 'Ligar', action: '+5581989769960' },
  ],
};

describe('checkCards', () => {
  it('keeps valid cards as they are, and accepts an object with a cards array', () => {
    expect(checkCards([CARD])).toEqual([CARD]);
    expect(checkCards({ cards: [CARD] })).toEqual([CARD]);
  });

  it('keeps only the seed fields', () => {
    const [card] = checkCards([{ ...CARD, extra: 1, buttons: [{ ...CARD.buttons[0], colour: 'red' }] }]);
    expect(card).not.toHaveProperty('extra');
    expect(card!.buttons[0]).toEqual(CARD.buttons[0]);
  });

  it('names the place and the rule of each fault', () => {
    const faults: [unknown, string][] = [
      [[], '--cards must be a non-empty JSON array'],
      [{ a: 1 }, '--cards must be a non-empty JSON array'],
      [[1], 'cards[0] must be an object'],
      [[{ ...CARD, image_url: 'file:///x.jpg' }], 'cards[0].image_url must be an http(s) URL'],
      [[CARD, { ...CARD, title: '' }], 'cards[1].title must be a non-empty string'],
      [[{ ...CARD, subtitle: 3 }], 'cards[0].subtitle must be a string'],
      [[{ ...CARD, buttons: [] }], 'cards[0].buttons must be a non-empty array'],
      [
        [{ ...CARD, buttons: [{ type: 'replyButton', displaytext: 'x' }] }],
        'cards[0].buttons[0].type must be quickReplyButton, urlButton or callButton (got "replyButton")',
      ],
      [
        [{ ...CARD, buttons: [{ type: 'quickReplyButton', displaytext: 'x' }] }],
        'cards[0].buttons[0].id must be a non-empty string',
      ],
      [
        [{ ...CARD, buttons: [{ type: 'urlButton', displaytext: 'x', action: 'ftp://a' }] }],
        'cards[0].buttons[0].action must be an http(s) URL',
      ],
      [
        [{ ...CARD, buttons: [{ type: 'callButton', displaytext: 'x', action: '12' }] }],
        'cards[0].buttons[0].action must be a phone number',
      ],
      [
        [{ ...CARD, buttons: [{ type: 'callButton', action: '+5581989769960' }] }],
        'cards[0].buttons[0].displaytext must be a non-empty string',
      ],
    ];
    for (const [value, message] of faults) expect(() => checkCards(value), message).toThrow(message);
  });
});

describe('JSON syntax errors', () => {
  it('finds the place of common mistakes', () => {
    const cases: [string, number, number, string][] = [
      ['[\n  {"a": 1,}\n]', 2, 11, 'trailing comma'],
      ['[1, 2', 1, 6, 'unexpected end of input'],
      ['{"a" 1}', 1, 6, '":" after the property name'],
      ["{'a': 1}", 1, 2, 'property name in double quotes'],
      ['[\n"abc\n"]', 2, 5, 'control character'],
      ['[1] x', 1, 5, 'unexpected text after the JSON value'],
      ['[tru]', 1, 2, 'expected a value'],
      ['["\\x"]', 1, 3, 'invalid escape'],
      ['[-]', 1, 2, 'invalid number'],
      ['', 1, 1, 'unexpected end of input'],
    ];
    for (const [text, line, column, reason] of cases) {
      const fault = findJsonFault(text);
      expect(fault, text).toBeDefined();
      expect(lineAndColumn(text, fault!.offset), text).toEqual({ line, column });
      expect(fault!.reason, text).toContain(reason);
    }
  });

  it('accepts exactly what JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonFault(text)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('}', ']', ',', ':', '"', 'x', '\n'), (text, at, extra) => {
        const mutated = text.slice(0, at % (text.length + 1)) + extra + text.slice(at % (text.length + 1));
        let valid = true;
        try {
          JSON.parse(mutated);
        } catch {
          valid = false;
        }
        expect(findJsonFault(mutated) === undefined).toBe(valid);
      }),
    );
  });

  it('reports the source, line and column as a usage error, and allows a BOM', () => {
    expect(() => parseJsonText('[\n {"a": }\n]', '--cards c.json')).toThrow(
      '--cards c.json is not valid JSON: unexpected "}", expected a value (object, array, string, number, true, false or null) at line 2, column 8',
    );
    expect(parseJsonText('\uFEFF[1]', 'x')).toEqual([1]);
  });
});
