// The snapshot a live stream begins with, over real HTTP: the state at the stream's position (devices, clock, faults,
// the named chats' newest pages and every chat list, the logs' newest rows), then each change after it; a resume
// names what is fresh to it and gets a snapshot of that after what it missed; a lost resume point or a reset brings a
// whole new snapshot.
import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveSnapshot } from '../../../src/emulator/control/types.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import type { FollowOptions } from '../../../src/emulator/testing/live-events.js';
import { waitFor } from '../../support/wait-for.js';
import { CONTACT, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';

const t = useEmulatorWithDevice();
const control = () => new ControlClient(t.emu.url);
const chatOf = (contact: string) => `${t.device.id}:${contact.slice(1)}`;
const OTHER = '+5511933334444';

interface Follower {
  events: LiveEvent[];
  ended: Promise<void>;
  stop(): Promise<void>;
}

function follow(options: Omit<FollowOptions, 'signal'> = {}): Follower {
  const controller = new AbortController();
  const events: LiveEvent[] = [];
  const stream = control().events({ signal: controller.signal, ...options });
  const ended = (async () => {
    try {
      for await (const event of stream) events.push(event);
    } catch {
      // The emulator ended the stream.
    }
  })();
  const stop = async () => {
    controller.abort();
    await ended;
  };
  return { events, ended, stop };
}

const snapshots = (follower: Follower): LiveSnapshot[] =>
  follower.events.flatMap((event) => (event.type === 'snapshot' ? [event.data] : []));

async function nth(follower: Follower, n: number): Promise<LiveSnapshot> {
  return waitFor(() => snapshots(follower)[n - 1], { what: `snapshot ${n}` });
}

describe('the snapshot a live stream begins with', () => {
  it('holds the state at the stream position: devices, clock, faults, the named chat, the lists, the logs', async () => {
    await sendText(t.emu.url, t.device, CONTACT, 'antes do fluxo');
    await control().faults.add({ operation: 'sendPoll', error: 'internal' });
    const follower = follow({ chats: [chatOf(CONTACT)], logs: true });
    try {
      const snapshot = await nth(follower, 1);
      const [first] = follower.events;
      expect(first).toMatchObject({ type: 'snapshot', id: snapshot.posicao });
      expect(snapshot.retoma).toBeNull();
      expect(snapshot.contas.flatMap((c) => c.dispositivos).map((d) => d.id)).toContain(t.device.id);
      expect(snapshot.falhas).toMatchObject([{ match: { operation: 'sendPoll' } }]);
      expect(snapshot.relogio.alterado).toBe(false);
      const page = snapshot.paginas.find((p) => p.chat === CONTACT.slice(1));
      expect(page?.mensagens.map((m) => ('message' in m.content ? m.content.message : undefined))).toContain(
        'antes do fluxo',
      );
      expect(snapshot.conversas[t.device.id]?.map((c) => c.chat)).toContain(CONTACT.slice(1));
      expect(snapshot.requisicoes?.map((r) => r.operation)).toContain('sendText');
      await control().faults.clear();
      const after = await waitFor(() => follower.events.find((e) => e.type === 'faults'), { what: 'a faults event' });
      expect(after.id).toBeGreaterThan(snapshot.posicao);
    } finally {
      await follower.stop();
      await control().faults.clear();
    }
  });

  it('to a follower of every chat holds no page, list nor log', async () => {
    const follower = follow();
    try {
      const snapshot = await nth(follower, 1);
      expect(snapshot).toMatchObject({ paginas: [], conversas: {}, requisicoes: null, tentativas: null });
    } finally {
      await follower.stop();
    }
  });

  it('is the resume point of a quiet stream: a resume naming a fresh chat gets the missed events, then its page', async () => {
    const first = follow({ chats: [chatOf(CONTACT)], logs: false });
    const { posicao } = await nth(first, 1);
    expect(await control().disconnectEvents()).toBeGreaterThanOrEqual(1);
    await first.ended;
    await control().faults.add({ operation: 'sendPoll', error: 'internal' });
    await sendText(t.emu.url, t.device, OTHER, 'enquanto fora');
    const chats = [chatOf(CONTACT), chatOf(OTHER)];
    const resumed = follow({ chats, logs: false, lastEventId: posicao, fresh: [chatOf(OTHER)] });
    try {
      const snapshot = await nth(resumed, 1);
      expect(snapshot.retoma).toBe(posicao);
      expect(snapshot.paginas.map((p) => p.chat)).toEqual([OTHER.slice(1)]);
      expect(
        snapshot.paginas[0]?.mensagens.map((m) => ('message' in m.content ? m.content.message : undefined)),
      ).toContain('enquanto fora');
      const before = resumed.events.slice(
        0,
        resumed.events.findIndex((e) => e.type === 'snapshot'),
      );
      expect(before.map((e) => e.type)).toContain('faults');
      expect(before.every((e) => e.id > posicao && e.id <= snapshot.posicao)).toBe(true);
    } finally {
      await resumed.stop();
      await control().faults.clear();
    }
  });

  it('comes whole after a resync when what the follower missed is no longer kept', async () => {
    const follower = follow({ lastEventId: 10_000_000, chats: [], logs: false });
    try {
      const snapshot = await nth(follower, 1);
      expect(follower.events.map((e) => e.type).slice(0, 2)).toEqual(['resync', 'snapshot']);
      expect(snapshot.retoma).toBeNull();
    } finally {
      await follower.stop();
    }
  });

  it('comes again after a reset, holding the erased state', async () => {
    await control().faults.add({ operation: 'sendPoll', error: 'internal' });
    const follower = follow({ chats: [chatOf(CONTACT)], logs: true });
    const document = await control().exportState();
    try {
      await nth(follower, 1);
      await control().reset();
      const after = await nth(follower, 2);
      const reset = follower.events.find((e) => e.type === 'reset');
      expect(reset && after.posicao).toBeGreaterThanOrEqual(reset?.id ?? Infinity);
      expect(after).toMatchObject({ retoma: null, contas: [], falhas: [], paginas: [], requisicoes: [] });
    } finally {
      await follower.stop();
      await control().importState(document);
    }
  });
});

describe('chatbot-cli/emulator’s follower with `resume`', () => {
  it('takes a dropped stream up again from the last id: a change made meanwhile comes once, with no new snapshot', async () => {
    const follower = follow({ resume: true, chats: [], logs: false });
    try {
      const { posicao } = await nth(follower, 1);
      expect(await control().disconnectEvents()).toBeGreaterThanOrEqual(1);
      const rule = await control().faults.add({ operation: 'sendPoll', error: 'internal' });
      const faults = await waitFor(
        () => follower.events.find((e) => e.type === 'faults' && e.data.falhas.some((f) => f.id === rule.id)),
        { what: 'the fault rule added while the stream was down' },
      );
      expect(faults.id).toBeGreaterThan(posicao);
      expect(snapshots(follower)).toHaveLength(1);
      const ids = follower.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await follower.stop();
      await control().faults.clear();
    }
  });
});
