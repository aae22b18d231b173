// --button TYPE:TEXT[:ACTION] parsing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseButton, parseButtons } from '../../../src/cli/commands/send/button-specs.js';

describe('parseButton', () => {
  it('maps reply, url and call to the service types', () => {
    expect(parseButton('reply:Sim')).toEqual({ type: 'replyButton', displaytext: 'Sim' });
    expect(parseButton('url:Site:https://example.com')).toEqual({
      type: 'urlButton',
      displaytext: 'Site',
      action: 'https://example.com',
    });
    expect(parseButton('call:Ligar:+55 81 98976-9960')).toEqual({
      type: 'callButton',
      displaytext: 'Ligar',
      action: '+5581989769960',
    });
    expect(parseButton('URL:Site:http://x.example')).toMatchObject({ type: 'urlButton' });
    expect(parseButton('replyButton:Ok')).toEqual({ type: 'replyButton', displaytext: 'Ok' });
  });

  it('keeps every colon after the second one in a URL action', () => {
    const segment = fc.stringMatching(/^[a-z0-9:]{0,12}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,10}$/), segment, segment, (text, path, query) => {
        const url = `https://example.com:8080/${path}?q=${query}`;
        expect(parseButton(`url:${text}:${url}`)).toEqual({ type: 'urlButton', displaytext: text.trim(), action: url });
      }),
    );
  });

  it('takes the whole rest of a reply as its text', () => {
    expect(parseButton('reply:Horário: 10h')).toEqual({ type: 'replyButton', displaytext: 'Horário: 10h' });
  });

  it('refuses unknown types, missing parts, non-http URLs and bad numbers, naming --button', () => {
    const bad: [string, string][] = [
      ['Sim', 'TYPE reply, url or call'],
      ['list:Item', 'TYPE reply, url or call'],
      ['reply:', 'needs a TEXT'],
      ['url:Site', 'needs the URL after the text'],
      ['url::https://example.com', 'needs a TEXT'],
      ['url:Site:ftp://example.com', 'http(s) URL'],
      ['url:Site:not a url', 'http(s) URL'],
      ['call:Ligar', 'needs the phone number'],
      ['call:Ligar:12', 'phone number in international format'],
    ];
    for (const [value, rule] of bad) {
      expect(() => parseButton(value), value).toThrow(rule);
      expect(() => parseButton(value), value).toThrow(`(got "${value}")`);
    }
  });
});

describe('parseButtons', () => {
  it('needs at least one', () => {
    expect(() => parseButtons([])).toThrow('Missing --button');
    expect(parseButtons(['reply:a', 'reply:b'])).toHaveLength(2);
  });
});
