// The live events' bus: nothing kept while nobody follows, a resume window after the last follower leaves, and a
// resume point that is no longer kept asks for a resync.
import { describe, expect, it } from 'vitest';
import { LiveEvents, RESUME_WINDOW_MS } from '../../../src/emulator/live/bus.js';
import { formatEvent, resumePoint } from '../../../src/emulator/live/stream.js';
import { parseEventBlock } from '../../../src/emulator/testing/events.js';

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

describe('the stream format', () => {
  it('writes id, event and data lines that read back as the same event', () => {
    const text = formatEvent({ id: 7, type: 'clock', data: clockEvent('x') });
    expect(text).toBe('id: 7\nevent: clock\ndata: {"agora":"x","alterado":true}\n\n');
    expect(parseEventBlock(text.trim())).toEqual({ id: 7, type: 'clock', data: clockEvent('x') });
    expect(parseEventBlock(': heartbeat')).toBeUndefined();
  });

  it('resumes from the Last-Event-ID header before the query', () => {
    expect(resumePoint({ 'last-event-id': '12' }, '3')).toBe(12);
    expect(resumePoint({}, '3')).toBe(3);
    expect(resumePoint({ 'last-event-id': 'x' }, undefined)).toBeUndefined();
  });
});
