// A phone number as a person types it at a prompt: with its country code, or a Brazilian one with its area code.
import { describe, expect, it } from 'vitest';
import { phoneNumber, typedPhoneNumber } from '../../../src/cli/shared/validate.js';

describe('typedPhoneNumber', () => {
  it.each([
    ['+55 81 98976-9960', '5581989769960'],
    ['5581989769960', '5581989769960'],
    ['81989769960', '5581989769960'],
    ['21999887766', '5521999887766'],
    ['(21) 99988-7766', '5521999887766'],
    ['021 99988-7766', '5521999887766'],
    ['+351 912 345 678', '351912345678'],
  ])('reads %s as %s', (typed, digits) => {
    expect(typedPhoneNumber('The answer', typed)).toBe(digits);
  });

  it('refuses what is no number, naming both forms and no flag', () => {
    expect(() => typedPhoneNumber('The answer', '12')).toThrow(
      /^The answer must be a phone number: with its country code \(\+5581989769960\), or a Brazilian one/,
    );
  });

  it('leaves --phone and the other flags international', () => {
    expect(() => phoneNumber('--phone', '21999887766')).toThrow('international format');
  });
});
