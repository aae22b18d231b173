// `{{contact.name}}` and `{{contact.number}}` in a conversation's expectations, filled with the run's contact: in
// every text an expectation compares, escaped inside a regular expression.
import { describe, expect, it } from 'vitest';
import { fillExpectation } from '../../../src/cli/commands/test/run/placeholders.js';
import { expectationOf, matches } from '../../../src/cli/commands/test/run/expectations.js';

const ana = { name: 'Ana (A.)', number: '5511987654321' };

describe('placeholders', () => {
  it('fill an exact text, a contains, buttons, options and a quoted text', () => {
    expect(fillExpectation('Olá, {{contact.name}}! Número {{ contact.number }}.', ana)).toBe(
      'Olá, Ana (A.)! Número 5511987654321.',
    );
    expect(
      fillExpectation(
        {
          text: { contains: '{{contact.name}}' },
          buttons: ['Sou {{contact.name}}'],
          options: ['{{contact.number}}'],
          quotes: 'oi {{contact.name}}',
        },
        ana,
      ),
    ).toEqual({
      text: { contains: 'Ana (A.)' },
      buttons: ['Sou Ana (A.)'],
      options: ['5511987654321'],
      quotes: 'oi Ana (A.)',
    });
  });

  it('fill a regular expression with the value escaped, so it matches the name as written', () => {
    const filled = expectationOf(fillExpectation({ text: { matches: '^Olá, {{contact.name}}!$' } }, ana));
    expect(matches(filled, { kind: 'text', text: 'Olá, Ana (A.)!' } as never, () => undefined)).toBe(true);
    expect(matches(filled, { kind: 'text', text: 'Olá, Ana A!' } as never, () => undefined)).toBe(false);
  });

  it('leave any other braces alone', () => {
    expect(fillExpectation('{{contact.email}} {{nome}}', ana)).toBe('{{contact.email}} {{nome}}');
  });
});
