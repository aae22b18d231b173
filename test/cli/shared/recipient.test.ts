// isGroupId and recipient: group ids of any network's format (local@domain), phone numbers as digits.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { isGroupId, recipient } from '../../../src/cli/shared/validate.js';

describe('isGroupId', () => {
  it('accepts any local@domain token without spaces', () => {
    for (const id of [
      '120363012345678901@g.us',
      '5581989769960-1600000000@g.us',
      'clientes@grupos.example.net',
      'x@y',
      ' 1@g.us ',
    ]) {
      expect(isGroupId(id), id).toBe(true);
    }
  });

  it('refuses phone numbers, missing or doubled @, and spaces inside', () => {
    for (const value of [
      '+5581989769960',
      '5581989769960',
      '@g.us',
      '120363@',
      'a@b@c',
      'a b@g.us',
      'a@b c',
      '',
      'familia',
    ]) {
      expect(isGroupId(value), value).toBe(false);
    }
  });
});

describe('recipient', () => {
  it('returns a group id as given (trimmed) and a phone number as digits with its country code', () => {
    expect(recipient('--to', ' clientes@grupos.example.net ')).toBe('clientes@grupos.example.net');
    expect(recipient('--to', '120363012345678901@g.us')).toBe('120363012345678901@g.us');
    expect(recipient('--to', '+55 (81) 98976-9960')).toBe('5581989769960');
    expect(recipient('--to', '5581989769960')).toBe('5581989769960');
  });

  it('refuses anything else with a UsageError naming the flag and both forms', () => {
    for (const value of ['123', 'familia', 'a b@g.us', '']) {
      expect(() => recipient('--to', value), value).toThrow(UsageError);
    }
    expect(() => recipient('--to', 'familia')).toThrow(
      /--to must be a phone number .* or a group id \(e\.g\. 120363012345678901@g\.us\); got "familia"/,
    );
  });
});
