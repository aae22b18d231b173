// Crashes: the emulator SIGKILLed under load loses no acknowledged write and still delivers every acknowledged
// event; the CLI SIGKILLed while pairing or writing its profile leaves a valid config behind and keeps working.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registered, Sandbox, useEmulator } from '../cli/support/harness.js';
import { accountWithDevice } from '../emulator/e2e/helpers/fixtures.js';
import { scratchDir, spawnEmulator, type SpawnedEmulator } from '../emulator/e2e/helpers/spawned-emulator.js';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { readyLine } from '../support/ready-line.js';
import { killAfter, readProfile, startCli, type StoredProfile } from './crash/cli-kill.js';
import { emptyLedger, loadUntilKilled, type Ledger } from './crash/emulator-load.js';
import { checkWrites, deliveredEvents, expectedEvents, undelivered } from './crash/ledger-checks.js';
import { record, SOAK, workload } from './report.js';

const LONG = SOAK ? 1_800_000 : 60_000;

/** Events of acknowledged sends and inbound messages that the receiver has not accepted yet. */
function pendingEvents(ledger: Ledger, receiver: WebhookReceiver): Set<string> {
  const delivered = deliveredEvents(receiver);
  return new Set([...expectedEvents(ledger, [])].filter((key) => !delivered.has(key)));
}

describe('the emulator SIGKILLed under a mixed load', () => {
  it(
    'keeps every acknowledged write and delivers every acknowledged event, cycle after cycle',
    async () => {
      const scratch = scratchDir();
      const receiver = await WebhookReceiver.start();
      const db = join(scratch.dir, 'carga.db');
      let emulator: SpawnedEmulator | undefined = await spawnEmulator(db, scratch.dir);
      try {
        const device = await accountWithDevice(emulator.url, { webhook: receiver.url });
        const ledger = emptyLedger();
        for (let cycle = 1; cycle <= workload(2, 10); cycle++) {
          receiver.mode = 'ok';
          const victim: SpawnedEmulator = emulator;
          emulator = undefined;
          const load = await loadUntilKilled(victim.url, device, ledger, {
            cycle,
            killAfter: workload(40, 150),
            lanes: 8,
            receiver,
            kill: () => victim.stop('SIGKILL'),
          });
          expect(load.failedBeforeKill, 'writes refused before the kill').toEqual([]);
          const pendingAtKill = pendingEvents(ledger, receiver);
          receiver.mode = 'ok';
          emulator = await spawnEmulator(db, scratch.dir);

          const writes = await checkWrites(emulator.url, device.appkey, db, ledger);
          record('acknowledged writes checked after kill', writes.checked);
          record('acknowledged writes lost', writes.lost.length);
          record('kill-restart cycles', 1);
          expect(writes.checked).toBe(ledger.sends.length + ledger.inbound.length + ledger.schedules.length);
          expect(writes.lost, `cycle ${cycle}: acknowledged writes missing after the restart`).toEqual([]);
          expect(writes.wrong, `cycle ${cycle}`).toEqual([]);
          expect(pendingAtKill.size, 'deliveries were pending when the emulator was killed').toBeGreaterThan(0);
          const missing = await undelivered(receiver, expectedEvents(ledger, writes.outbox), 20_000);
          expect(
            missing,
            `cycle ${cycle}: acknowledged events never delivered (pending at the kill: ${pendingAtKill.size})`,
          ).toEqual([]);
        }
        expect(ledger.schedules.some((s) => s.far) && ledger.schedules.some((s) => !s.far)).toBe(true);
      } finally {
        await emulator?.stop('SIGKILL');
        await receiver.close();
        scratch.cleanup();
      }
    },
    LONG,
  );
});

function expectValidProfile(box: Sandbox): StoredProfile {
  const profile = readProfile(box);
  if (typeof profile === 'string') expect.fail(`config file after the kill: ${profile}`);
  return profile;
}

async function expectCliWorks(box: Sandbox): Promise<void> {
  for (const args of [['status'], ['config', 'list']]) {
    const result = await box.spawn(args);
    expect(result.exitCode, `chatbot ${args.join(' ')}: ${result.stderr}`).toBe(0);
    expect(result.stderr).not.toMatch(/cannot be read|Error/);
  }
}

describe('the CLI SIGKILLed', () => {
  const fixture = useEmulator();

  it(
    "during pair's wait leaves the device saved (not current) in a valid config, and the CLI works",
    async () => {
      const box = new Sandbox(fixture.emulator.url);
      try {
        const authkey = await registered(box);
        const kills = workload(2, 10);
        for (let i = 1; i <= kills; i++) {
          const child = startCli(box, ['pair', '--no-input', '--wait-timeout', '60']);
          await readyLine(child, /Waiting up to/, { what: "pair's wait line" });
          expect(await killAfter(child, Math.random() * 300), 'killed while waiting').toBe(true);
          const profile = expectValidProfile(box);
          expect(profile.authkey).toBe(authkey);
          expect(profile.devices, 'every paired device is saved').toHaveLength(i);
          expect(profile.appkey, 'no device became current').toBeUndefined();
        }
        await expectCliWorks(box);
      } finally {
        box.cleanup();
      }
    },
    LONG,
  );

  it(
    'at random moments of profile writes leaves a valid config every time, and the CLI works',
    async () => {
      const box = new Sandbox(fixture.emulator.url);
      const zones = ['America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Tokyo', 'America/Recife', 'UTC'];
      try {
        const authkey = await registered(box);
        const started = Date.now();
        expect((await startCli(box, ['config', 'set', 'timezone', 'UTC'])).exitCode).toBe(0);
        const usualMs = Date.now() - started;
        const target = workload(20, 200);
        let kills = 0;
        for (let run = 0; kills < target && run < target * 5; run++) {
          const zone = zones[run % zones.length] as string;
          const delay = Math.random() * usualMs;
          if (await killAfter(startCli(box, ['config', 'set', 'timezone', zone]), delay)) kills += 1;
          const profile = expectValidProfile(box);
          expect(profile.authkey, `run ${run}, killed after ${Math.round(delay)} ms`).toBe(authkey);
          expect(zones, `run ${run}, killed after ${Math.round(delay)} ms`).toContain(profile.timezone);
        }
        record('CLI kills during config writes', kills);
        expect(kills).toBe(target);
        await expectCliWorks(box);
      } finally {
        box.cleanup();
      }
    },
    LONG,
  );
});
