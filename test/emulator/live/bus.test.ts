// The live events' bus: nothing kept while nobody follows, a resume window after the last follower leaves, a resume
// point that is no longer kept asks for a resync, and a follower that asks for some chats and no logs gets only those.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, LiveEvent, LiveEventData, LoggedRequest } from '../../../src/emulator/control/types.js';
import { LiveEvents, RESUME_WINDOW_MS } from '../../../src/emulator/live/bus.js';
import { formatEvent, resumePoint, streamFilter } from '../../../src/emulator/live/stream.js';
import { parseEventBlock } from '../../../src/emulator/testing/live-events.js';

const clock = { now: 0 };
const clockEvent = (agora: string) => ({ agora, alterado: true });

describe('LiveEvents', () => {
  it('is idle until somebody follows: publishing then keeps nothing', () => {
    const bus = new LiveEvents(() => clock.now);
    expect(bus.active).toBe(false);
    bus.publish('clock', clockEvent('a'));
    const subscription = bus.subscribe(() => undefined, 0);
    expect(subscription.missed).toBeUndefined();
    subscription.close();
  });

  it('keeps events for a follower that left, within the resume window, then lets them go', () => {
    const bus = new LiveEvents(() => clock.now);
    const first = bus.subscribe(() => undefined);
    bus.publish('clock', clockEvent('a'));
    first.close();
    clock.now += RESUME_WINDOW_MS - 1;
    bus.publish('clock', clockEvent('b'));
    const back = bus.subscribe(() => undefined, 1);
    expect(back.missed?.map((event) => event.data)).toEqual([clockEvent('b')]);
    back.close();
    clock.now += RESUME_WINDOW_MS;
    expect(bus.active).toBe(false);
    bus.publish('clock', clockEvent('c'));
    expect(bus.subscribe(() => undefined, 2).missed).toBeUndefined();
  });
});

const message = (dispositivo: string, chat: string): ChatMessage & { dispositivo: string } => ({
  id: `3EB0${chat}`,
  kind: 'text',
  chat,
  timestamp: '2030-01-01T12:00:00.000Z',
  direction: 'out',
  content: { message: 'oi' },
  avisos: [],
  cursor: '1.out.1',
  dispositivo,
});
const request = { id: 1, method: 'POST', path: '/api/create-message' } as LoggedRequest;

describe('a follower that asks for less', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('gets only the messages of its chats, and no request or webhook log when it leaves the logs out', async () => {
    const bus = new LiveEvents(() => clock.now);
    const some: LiveEvent[] = [];
    const all: LiveEvent[] = [];
    const narrow = bus.subscribe((events) => some.push(...events), undefined, {
      messages: new Set(['dev_1:5521998765432']),
      logs: false,
    });
    const wide = bus.subscribe((events) => all.push(...events));
    bus.publish('message', message('dev_1', '5521998765432'));
    bus.publish('message', message('dev_1', '5511911110000'));
    bus.publish('request', request);
    bus.publish('clock', clockEvent('a'));
    await flush();
    expect(some.map((event) => event.type)).toEqual(['message', 'clock']);
    expect(some[0]?.data).toMatchObject({ chat: '5521998765432' });
    expect(all.map((event) => event.type)).toEqual(['message', 'message', 'request', 'clock']);
    narrow.close();
    wide.close();
  });

  it('makes the bus build only what some follower asks for, until the resume window of those who left ends', () => {
    const bus = new LiveEvents(() => clock.now);
    expect(bus.wantsLogs).toBe(false);
    const narrow = bus.subscribe(() => undefined, undefined, { messages: new Set(['dev_1:551']), logs: false });
    expect(bus.wantsLogs).toBe(false);
    expect([...(bus.wantedChats() as Set<string>)]).toEqual(['dev_1:551']);
    const wide = bus.subscribe(() => undefined);
    expect(bus.wantsLogs).toBe(true);
    expect(bus.wantedChats()).toBe('all');
    wide.close();
    expect(bus.wantsLogs).toBe(true);
    clock.now += RESUME_WINDOW_MS;
    expect(bus.wantsLogs).toBe(false);
    expect([...(bus.wantedChats() as Set<string>)]).toEqual(['dev_1:551']);
    narrow.close();
    clock.now += RESUME_WINDOW_MS;
    expect(bus.active).toBe(false);
    expect([...(bus.wantedChats() as Set<string>)]).toEqual([]);
  });

  it("gets its chats' webhook attempts and refused sends without the logs; a send whose keys named no device, in every device's chat", async () => {
    const bus = new LiveEvents(() => clock.now);
    const got: LiveEvent[] = [];
    const narrow = bus.subscribe((events) => got.push(...events), undefined, {
      messages: new Set(['dev_1:551']),
      logs: false,
    });
    const refused = (id: number, chat: string, dispositivo: string | null) =>
      ({
        ...request,
        id,
        status: 401,
        reason: 'authkey chav…(40) is not an account of this emulator',
        chat,
        dispositivo,
      }) as LoggedRequest;
    const attempt = (entrega: number, dispositivo: string, chat: string) =>
      ({ entrega, tentativa: 1, chat, dispositivo }) as LiveEventData['webhook'];
    expect(bus.wantsChat('dev_1', '551')).toBe(true);
    expect(bus.wantsChat(null, '551')).toBe(true);
    expect(bus.wantsChat('dev_2', '551')).toBe(false);
    expect(bus.wantsChat(null, '552')).toBe(false);
    bus.publish('webhook', attempt(1, 'dev_1', '551'));
    bus.publish('webhook', attempt(2, 'dev_2', '551'));
    bus.publish('webhook', attempt(3, 'dev_1', '552'));
    bus.publish('request', refused(10, '551', 'dev_1'));
    bus.publish('request', refused(11, '551', null));
    bus.publish('request', refused(12, '551', 'dev_2'));
    bus.publish('request', refused(13, '552', null));
    bus.publish('request', { ...refused(14, '551', 'dev_1'), status: 200, reason: null });
    await flush();
    expect(
      got.map((event) =>
        event.type === 'webhook' ? event.data.entrega : event.type === 'request' ? event.data.id : 0,
      ),
    ).toEqual([1, 10, 11]);
    narrow.close();
  });

  it('resumes with what its filter lets through', () => {
    const bus = new LiveEvents(() => clock.now);
    const first = bus.subscribe(() => undefined);
    bus.publish('request', request);
    bus.publish('message', message('dev_1', '551'));
    bus.publish('message', message('dev_1', '552'));
    first.close();
    const back = bus.subscribe(() => undefined, 0, { messages: new Set(['dev_1:552']), logs: false });
    expect(back.missed?.map((event) => [event.type, event.type === 'message' ? event.data.chat : ''])).toEqual([
      ['message', '552'],
    ]);
    back.close();
  });
});

describe('the stream format', () => {
  it('writes id, event and data lines that read back as the same event', () => {
    const text = formatEvent({ id: 7, type: 'clock', data: clockEvent('x') });
    expect(text).toBe('id: 7\nevent: clock\ndata: {"agora":"x","alterado":true}\n\n');
    expect(parseEventBlock(text.trim())).toEqual({ id: 7, type: 'clock', data: clockEvent('x') });
    expect(parseEventBlock(': heartbeat')).toBeUndefined();
  });

  it('reads a filter from the query: some chats (or none) and the logs left out; neither, everything', () => {
    expect(streamFilter(undefined, undefined)).toEqual({ messages: 'all', logs: true });
    expect(streamFilter([], false)).toEqual({ messages: new Set(), logs: false });
    expect(streamFilter(['dev_1:551'], undefined)).toEqual({ messages: new Set(['dev_1:551']), logs: true });
  });

  it('resumes from the Last-Event-ID header before the query', () => {
    expect(resumePoint({ 'last-event-id': '12' }, '3')).toBe(12);
    expect(resumePoint({}, '3')).toBe(3);
    expect(resumePoint({ 'last-event-id': 'x' }, undefined)).toBeUndefined();
  });
});
