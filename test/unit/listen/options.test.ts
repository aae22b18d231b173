import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UsageError } from '../../../src/errors.js';
import { EVENT_KINDS, parseEvents, parsePath, pointsAtItself } from '../../../src/listen/options.js';

describe('parseEvents', () => {
  it('accepts the documented kinds, comma-separated, ignoring spaces, case and repeats', () => {
    expect([...parseEvents('text, Poll_Vote,text ,reaction')]).toEqual(['text', 'poll_vote', 'reaction']);
  });

  it('accepts every non-empty combination of the valid kinds', () => {
    fc.assert(
      fc.property(fc.subarray([...EVENT_KINDS], { minLength: 1 }), (kinds) => {
        expect(new Set(parseEvents(kinds.join(',')))).toEqual(new Set(kinds));
      }),
    );
  });

  it('names the unknown ones and lists the valid ones (exit 2)', () => {
    const attempt = () => parseEvents('text,vote,click');
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(
      '--events: unknown event "vote", "click" — valid events are: text, button, location, poll_vote, reaction',
    );
  });

  it('refuses an empty list', () => {
    expect(() => parseEvents(' , ')).toThrow('--events needs at least one event name');
  });
});

describe('parsePath', () => {
  it('keeps an absolute path, without its trailing slash', () => {
    expect(parsePath('/')).toBe('/');
    expect(parsePath('/webhook/')).toBe('/webhook');
    expect(parsePath(' /a/b ')).toBe('/a/b');
  });

  it('refuses relative paths, queries and spaces', () => {
    for (const bad of ['hook', '/hook?x=1', '/a b', '']) expect(() => parsePath(bad)).toThrow(UsageError);
  });
});

describe('pointsAtItself', () => {
  it('detects a forward URL that is this listener', () => {
    expect(pointsAtItself('http://localhost:8485/', '127.0.0.1', 8485, '/')).toBe(true);
    expect(pointsAtItself('http://127.0.0.1:8485/hook/', '0.0.0.0', 8485, '/hook')).toBe(true);
  });

  it('lets other ports, paths and hosts through', () => {
    expect(pointsAtItself('http://localhost:3000/', '127.0.0.1', 8485, '/')).toBe(false);
    expect(pointsAtItself('http://localhost:8485/app', '127.0.0.1', 8485, '/')).toBe(false);
    expect(pointsAtItself('http://example.com:8485/', '127.0.0.1', 8485, '/')).toBe(false);
  });
});
