// POST and GET /__emulator/load over real HTTP: the emulator keeps the latest load run's figures, sends each post to
// the live event followers (`load`) and puts the latest in every snapshot (`carga`), refuses figures of the wrong
// shape naming the field, and forgets them on reset.
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LoadRun } from '../../../src/emulator/control/types.js';
import { loadRun } from '../../support/load-run.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { waitFor } from '../../support/wait-for.js';
import { useTestEmulator } from './helpers/fixtures.js';
import { follow as followEvents } from './helpers/follower.js';
import { expectError, expectOk, getJson, postJson } from './helpers/http.js';

const t = useTestEmulator();
const control = () => new ControlClient(t.emu.url);

const follow = () => followEvents(t.emu.url);

const snapshots = (events: LiveEvent[]) => events.flatMap((event) => (event.type === 'snapshot' ? [event.data] : []));
const loads = (events: LiveEvent[]) => events.flatMap((event) => (event.type === 'load' ? [event.data] : []));

afterEach(async () => {
  await control().reset();
});

describe('/__emulator/load', () => {
  it('keeps the latest run, sends each post to followers, and puts it in the snapshots of those who come later', async () => {
    expect(expectOk(await getJson(t.emu.url, '/__emulator/load')).carga).toBeNull();
    const early = follow();
    try {
      await waitFor(() => snapshots(early.events).length === 1, { what: 'the first snapshot' });
      expect(snapshots(early.events)[0]?.carga).toBeNull();
      const running = loadRun();
      const ended = loadRun({ state: 'done', elapsedMs: 5000, now: { running: 0, p95: 40, answersPerSecond: 0 } });
      expect(expectOk(await postJson(t.emu.url, '/__emulator/load', running)).message).toBe(
        'Números da carga recebidos.',
      );
      expectOk(await postJson(t.emu.url, '/__emulator/load', ended));
      await waitFor(() => loads(early.events).length === 2, { what: 'both posts as load events' });
      expect(loads(early.events)).toEqual([running, ended]);
      expect(await control().loadRun()).toEqual(ended);
    } finally {
      await early.stop();
    }
    const late = follow();
    try {
      await waitFor(() => snapshots(late.events).length === 1, { what: 'the late follower’s snapshot' });
      expect(snapshots(late.events)[0]?.carga).toMatchObject({ state: 'done', elapsedMs: 5000 });
    } finally {
      await late.stop();
    }
  });

  it('refuses figures of the wrong shape, naming the field (400), and keeps the ones it had', async () => {
    expectOk(await postJson(t.emu.url, '/__emulator/load', loadRun()));
    const bad = loadRun();
    (bad.summary.timeline[0] as unknown as Record<string, unknown>).p50 = 'slow';
    const refused = await fetch(`${t.emu.url}/__emulator/load`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      status: 400,
      message: 'Campo obrigatório ausente ou inválido: summary.timeline[0].p50.',
    });
    const { summary: _summary, ...noSummary } = loadRun();
    expectError(
      await postJson(t.emu.url, '/__emulator/load', noSummary),
      400,
      'Campo obrigatório ausente ou inválido: summary.',
    );
    expectError(
      await postJson(t.emu.url, '/__emulator/load', loadRun({ state: 'paused' as LoadRun['state'] })),
      400,
      'Campo obrigatório ausente ou inválido: state.',
    );
    expect((await control().loadRun())?.summary.timeline[0]?.p50).toBe(20);
  });

  it('forgets the run on reset', async () => {
    expectOk(await postJson(t.emu.url, '/__emulator/load', loadRun()));
    await control().reset();
    expect(await control().loadRun()).toBeNull();
  });
});
