// GET /__emulator/events over real HTTP: every kind of change arrives once, with increasing ids, and a follower that
// lost its stream resumes from its Last-Event-ID with nothing lost or doubled.
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../src/emulator/control/types.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { waitFor } from '../../support/wait-for.js';
import { CONTACT, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';
import { follow as followEvents, type Follower } from './helpers/follower.js';

const t = useEmulatorWithDevice({ receiver: true });
const control = () => new ControlClient(t.emu.url);

/** Follows this file's emulator (see helpers/follower.ts). */
const follow = (lastEventId?: number, asked?: Parameters<typeof followEvents>[2]): Follower =>
  followEvents(t.emu.url, lastEventId, asked);

async function followerReady(follower: Follower): Promise<void> {
  // A fault rule added and cleared is an event of its own: once it arrives, the stream is open.
  await waitFor(
    async () => {
      await control().faults.clear();
      return follower.events.some((event) => event.type === 'faults');
    },
    { what: 'the stream to be open' },
  );
}

const ofType = <Type extends LiveEvent['type']>(events: LiveEvent[], type: Type) =>
  events.filter((event): event is Extract<LiveEvent, { type: Type }> => event.type === type);

describe('live events', () => {
  it('carry requests, messages both ways, webhook attempts, devices, the clock and faults, ids increasing', async () => {
    const follower = follow();
    try {
      await followerReady(follower);
      const sent = await sendText(t.emu.url, t.device, CONTACT, 'ao vivo');
      const id = sent.body.data.idMensagem as string;
      const inbound = await control().inbound(t.device.appkey, 'text', { de: CONTACT, mensagem: 'resposta' });
      await control().disconnect(t.device.appkey);
      await control().clock.advance('1m');
      await control().faults.add({ operation: 'sendPoll', error: 'internal' });
      await waitFor(() => ofType(follower.events, 'webhook').some((e) => e.data.idMessagem === inbound), {
        what: 'the webhook attempt of the inbound message',
      });
      const messages = await waitFor(
        () => {
          const found = ofType(follower.events, 'message');
          return found.length >= 2 ? found : undefined;
        },
        { what: 'both messages' },
      );
      expect(messages.map((m) => [m.data.id, m.data.direction, m.data.kind, m.data.dispositivo])).toEqual([
        [id, 'out', 'text', t.device.id],
        [inbound, 'in', 'text', t.device.id],
      ]);
      expect(ofType(follower.events, 'request').map((e) => e.data.operation)).toContain('sendText');
      await waitFor(() => ofType(follower.events, 'devices').length > 0, { what: 'the devices event' });
      const device = ofType(follower.events, 'devices')
        .at(-1)
        ?.data.contas.flatMap((conta) => conta.dispositivos)
        .find((d) => d.id === t.device.id);
      expect(device?.conectado).toBe(false);
      expect(ofType(follower.events, 'clock').at(-1)?.data.alterado).toBe(true);
      expect(ofType(follower.events, 'faults').at(-1)?.data.falhas).toHaveLength(1);
      const ids = follower.events.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await follower.stop();
      await control().faults.clear();
      await control().clock.reset();
      await control().connect(t.device.appkey);
    }
  });

  it('carries to a follower that asks for one chat and no logs only that chat’s messages and log rows, every chat counted', async () => {
    const other = '5511911110000';
    const follower = follow(undefined, { chats: [`${t.device.id}:${CONTACT.slice(1)}`], logs: false });
    try {
      await followerReady(follower);
      const sent = await sendText(t.emu.url, t.device, CONTACT, 'ao vivo');
      await sendText(t.emu.url, t.device, `+${other}`, 'outro');
      const answer = await control().inbound(t.device.appkey, 'text', { de: other, mensagem: 'oi', nome: 'Bia' });
      const counted = await waitFor(
        () => {
          const changes = ofType(follower.events, 'chats').flatMap((event) => event.data.conversas);
          return changes.some((change) => change.ultimaId === answer) ? changes : undefined;
        },
        { what: 'the chats events naming both chats' },
      );
      expect(ofType(follower.events, 'message').map((event) => event.data.id)).toEqual([sent.body.data.idMensagem]);
      expect(counted.filter((c) => c.chat === other).reduce((sum, c) => sum + c.novas, 0)).toBe(2);
      expect(counted.find((c) => c.ultimaId === answer)).toMatchObject({ recebidas: 1, nome: 'Bia' });
      expect(counted.some((c) => c.chat === CONTACT.slice(1))).toBe(true);
      const logRows = follower.events.flatMap((event) =>
        event.type === 'webhook' ? [event.data.chat] : event.type === 'request' ? [event.data.chat ?? null] : [],
      );
      expect(logRows.filter((chat) => chat !== CONTACT.slice(1))).toEqual([]);
    } finally {
      await follower.stop();
    }
  });

  it('tells followers the fault rules changed when a rule’s `times` ran out', async () => {
    const follower = follow(undefined, { chats: [], logs: false });
    try {
      await followerReady(follower);
      await control().faults.add({ operation: 'sendText', error: 'internal', times: 1 });
      await waitFor(() => ofType(follower.events, 'faults').at(-1)?.data.falhas.length === 1, { what: 'the rule' });
      expect((await sendText(t.emu.url, t.device, CONTACT, 'falha')).body.status).not.toBe(200);
      await waitFor(() => ofType(follower.events, 'faults').at(-1)?.data.falhas.length === 0, {
        what: 'the faults event after the rule ran out',
      });
    } finally {
      await follower.stop();
      await control().faults.clear();
    }
  });

  it('forgets, at a reset, the chat changes it was holding back', async () => {
    const follower = follow(undefined, { chats: [], logs: false });
    // Messages are not held back: once this one sees the second, the feed holds its chat change for the second's end.
    const watcher = follow();
    try {
      await followerReady(follower);
      await followerReady(watcher);
      await sendText(t.emu.url, t.device, CONTACT, 'primeira');
      await waitFor(() => ofType(follower.events, 'chats').length > 0, { what: 'the first chats event' });
      const held = await sendText(t.emu.url, t.device, '+5511922223333', 'segurada');
      await waitFor(() => ofType(watcher.events, 'message').some((e) => e.data.id === held.body.data.idMensagem), {
        what: 'the feed to see the second message',
      });
      const document = await control().exportState();
      await control().reset();
      const reset = await waitFor(() => follower.events.findIndex((event) => event.type === 'reset') + 1 || undefined, {
        what: 'the reset event',
      });
      await control().importState(document);
      await sendText(t.emu.url, t.device, CONTACT, 'depois');
      const after = await waitFor(
        () => {
          const later = ofType(follower.events.slice(reset), 'chats').flatMap((event) => event.data.conversas);
          return later.some((change) => change.chat === CONTACT.slice(1)) ? later : undefined;
        },
        { what: 'a chats event after the import' },
      );
      expect(after.map((change) => change.chat)).toEqual([CONTACT.slice(1)]);
    } finally {
      await follower.stop();
      await watcher.stop();
    }
  });

  it('refuses a filter it cannot read, naming the field', async () => {
    for (const query of ['logs=maybe', 'chats=5521998765432']) {
      const res = await fetch(`${t.emu.url}/__emulator/events?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/logs|chats/);
    }
  });

  it('resumes after the emulator ends the stream: the missed events once, nothing doubled', async () => {
    const first = follow();
    await followerReady(first);
    await sendText(t.emu.url, t.device, CONTACT, 'antes');
    await waitFor(() => ofType(first.events, 'message').length === 1, { what: 'the first message' });
    expect(await control().disconnectEvents()).toBeGreaterThanOrEqual(1);
    await first.ended;
    const last = first.events.at(-1)?.id ?? 0;
    await sendText(t.emu.url, t.device, CONTACT, 'durante');
    const resumed = follow(last);
    try {
      const missed = await waitFor(
        () => {
          const found = ofType(resumed.events, 'message');
          return found.length > 0 ? found : undefined;
        },
        { what: 'the missed message' },
      );
      expect(missed.map((m) => ('message' in m.data.content ? m.data.content.message : undefined))).toEqual([
        'durante',
      ]);
      expect(resumed.events.every((event) => event.id > last)).toBe(true);
      expect(resumed.events.some((event) => event.type === 'resync')).toBe(false);
    } finally {
      await resumed.stop();
    }
  });

  it('tells a follower to read everything again when what it missed is no longer kept', async () => {
    const follower = follow(10_000_000);
    try {
      const [first] = await waitFor(() => (follower.events.length > 0 ? follower.events : undefined), {
        what: 'the resync event',
      });
      expect(first).toMatchObject({ type: 'resync', data: { desde: 10_000_000 } });
    } finally {
      await follower.stop();
    }
  });

  it('sends a reset event when the state is erased', async () => {
    const follower = follow();
    try {
      await followerReady(follower);
      const document = await control().exportState();
      await control().reset();
      await waitFor(() => ofType(follower.events, 'reset').length === 1, { what: 'the reset event' });
      await control().importState(document);
      await waitFor(() => ofType(follower.events, 'reset').length === 2, { what: 'the import event' });
      expect(ofType(follower.events, 'reset').map((e) => e.data.motivo)).toEqual(['reset', 'import']);
    } finally {
      await follower.stop();
    }
  });
});
