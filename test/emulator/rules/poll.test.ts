// Poll rules: 2 to 12 distinct, non-blank options, and the exact texts of each refusal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../../../src/emulator/http/reply.js';
import {
  BLANK_OPTION,
  REPEATED_OPTIONS,
  TOO_FEW_OPTIONS,
  TOO_MANY_OPTIONS,
  validatePollOptions,
} from '../../../src/emulator/rules/poll.js';

function failure(options: string[]): EmulatorError {
  try {
    validatePollOptions(options);
  } catch (error) {
    if (error instanceof EmulatorError) return error;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

describe('validatePollOptions', () => {
  it('accepts 2 to 12 distinct options, trimmed', () => {
    expect(validatePollOptions([' Sim ', 'Não'])).toEqual(['Sim', 'Não']);
    expect(validatePollOptions(Array.from({ length: 12 }, (_, i) => `op${i}`))).toHaveLength(12);
  });

  it.each([
    [[], TOO_FEW_OPTIONS],
    [['Única'], TOO_FEW_OPTIONS],
    [Array.from({ length: 13 }, (_, i) => `op${i}`), TOO_MANY_OPTIONS],
    [['Sim', 'Não', 'Sim'], REPEATED_OPTIONS],
    [['Sim', ' sim '], REPEATED_OPTIONS],
    [['Sim', '  '], BLANK_OPTION],
  ])('%j → 403 %s', (options, message) => {
    const error = failure(options);
    expect(error.status).toBe(403);
    expect(error.message).toBe(message);
  });

  it('the seed text for fewer than 2 options is exact', () => {
    expect(TOO_FEW_OPTIONS).toBe('A enquete precisa de pelo menos 2 opcoes');
  });

  it('accepts exactly the lists of 2..12 distinct non-blank options', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 15 }), (options) => {
        const trimmed = options.map((o) => o.trim());
        const ok =
          trimmed.length >= 2 &&
          trimmed.length <= 12 &&
          !trimmed.includes('') &&
          new Set(trimmed.map((o) => o.toLocaleLowerCase('pt-BR'))).size === trimmed.length;
        let accepted = true;
        try {
          validatePollOptions(options);
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(ok);
      }),
    );
  });
});
