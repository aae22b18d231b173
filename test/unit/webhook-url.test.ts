// One check of a webhook address everywhere one is taken: the CLI's flags (`webhookUrl`) and the emulator's routes
// (`webhookAddress`: control setup and webhook change, the service's pairing and connect, agent settings) accept and
// refuse the same addresses, a URL with a space among the refused.
import { describe, expect, it } from 'vitest';
import { webhookAddress } from '../../src/emulator/rules/recipients.js';
import { webhookUrl } from '../../src/url.js';

const ACCEPTED = ['http://127.0.0.1:3000/', ' https://bot.example.com/hook?x=1 ', 'http://[::1]:3000/a%20b'];
const REFUSED = [
  'http://127.0.0.1:3000/ x',
  'http://127.0.0.1:3000/a b',
  'http://bot\t.example.com/',
  'ftp://example.com/',
  '127.0.0.1:3000',
  'not a url',
  '',
];

function cliAccepts(value: string): boolean {
  try {
    webhookUrl('--webhook', value);
    return true;
  } catch {
    return false;
  }
}

describe('webhook addresses', () => {
  it.each(ACCEPTED)('%j is accepted by the CLI and the emulator, trimmed', (value) => {
    expect(webhookUrl('--webhook', value)).toBe(value.trim());
    expect(webhookAddress(value)).toBe(value.trim());
  });

  it.each(REFUSED)('%j is refused by both', (value) => {
    expect(cliAccepts(value)).toBe(false);
    expect(webhookAddress(value)).toBeUndefined();
  });

  it('says what is wrong with a space, and how to write one', () => {
    expect(() => webhookUrl('--webhook', 'http://127.0.0.1:3000/ x')).toThrow(
      '--webhook must be an http(s) URL without spaces (got "http://127.0.0.1:3000/ x") — write a space inside it as %20',
    );
  });
});
