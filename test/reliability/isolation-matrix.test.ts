// Account isolation, operation by operation: B, with its own authkey, names A's appkey, device ids and names, group
// ids, template ids, message ids and OTP codes in every operation of the reference and every control route that takes a key,
// and is refused with the exact status and message; afterwards A's state is exactly what it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { PROVENANCE } from '../../src/emulator/operations/table.js';
import { CONTACT } from '../emulator/e2e/helpers/fixtures.js';
import { expectOk, postJson } from '../emulator/e2e/helpers/http.js';
import { scratchDir } from '../emulator/e2e/helpers/spawned-emulator.js';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { runAttempt, type Row } from './isolation/attempt.js';
import { CONTROL_ROWS, KEYLESS_CONTROL } from './isolation/control-rows.js';
import { SERVICE_ROWS } from './isolation/service-rows.js';
import { snapshot, type Snapshot } from './isolation/snapshot.js';
import { buildParty, settleDeliveries, type World } from './isolation/world.js';
import { record, workload } from './report.js';

const ROOT = join(import.meta.dirname, '../..');
const ROWS: Row[] = [...SERVICE_ROWS, ...CONTROL_ROWS];

const scratch = scratchDir();
const dbFile = join(scratch.dir, 'isolation.db');
let emulator: RunningEmulator | undefined;
let receivers: WebhookReceiver[] = [];
let world: World;
/** B once in CI; under soak several attackers, each running the whole matrix against A. */
const attackers: World[] = [];
let before: Snapshot;
let deliveriesToA = 0;
let cases = 0;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, host: '127.0.0.1', db: dbFile, log: () => {} });
  receivers = [await WebhookReceiver.start(), await WebhookReceiver.start()];
  const [hookA, hookB] = receivers as [WebhookReceiver, WebhookReceiver];
  const a = await buildParty(emulator.url, 'alice', hookA);
  for (let i = 0; i < workload(1, 20); i += 1) {
    attackers.push({ url: emulator.url, a, b: await buildParty(emulator.url, i === 0 ? 'bruno' : `bruno${i}`, hookB) });
  }
  world = attackers[0] as World;
  await settleDeliveries(world.url, world.a.appkey);
  before = await snapshot(world.url, dbFile, world.a);
  deliveriesToA = hookA.deliveries.length;
});

afterAll(async () => {
  record('isolation cases', cases);
  await Promise.all(receivers.map((r) => r.close()));
  await emulator?.close();
  scratch.cleanup();
});

/** Every control route the emulator's source declares, e.g. '/__emulator/connect'. */
function declaredControlRoutes(): string[] {
  const source = readFileSync(join(ROOT, 'src/emulator/control/index.ts'), 'utf8');
  return [...new Set([...source.matchAll(/'(\/__emulator\/[a-z-]+)'/g)].map((m) => m[1] as string))].sort();
}

describe('the matrix names every operation', () => {
  it("has one row for each operation of the service's reference, in the reference's order", () => {
    const ops = SERVICE_ROWS.map((row) => row.op);
    const reference = Object.entries(PROVENANCE)
      .flatMap(([name, provenance]) => (provenance === 'extension' ? [] : [[provenance.section, name] as const]))
      .sort(([a], [b]) => a - b)
      .map(([, name]) => name);
    expect(reference).toHaveLength(22);
    expect(ops).toEqual(reference);
  });

  it('has one row for each control route that takes a key; the others say why they have none', () => {
    const covered = [...CONTROL_ROWS.map((row) => row.op), ...Object.keys(KEYLESS_CONTROL)].sort();
    expect(covered).toEqual(declaredControlRoutes());
    const documented = readFileSync(join(ROOT, 'docs/emulator.md'), 'utf8');
    for (const route of covered) expect(documented, `${route} in docs/emulator.md`).toContain(route);
  });

  it('a row refusing with other than 401/404, or checking something else, says why in its note', () => {
    for (const row of ROWS) {
      const attempts = row.attempts(world);
      expect(attempts.length + (row.check ? 1 : 0), `${row.op} checks nothing`).toBeGreaterThan(0);
      const unusual =
        row.check !== undefined || attempts.some((attempt) => attempt.status !== 401 && attempt.status !== 404);
      if (unusual) expect(row.note, `${row.op} needs a note`).toBeTruthy();
    }
  });
});

describe('B with its own authkey cannot reach A', () => {
  it.each(ROWS.map((row) => [`${row.op} ${row.title}${row.note ? ` (${row.note})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      for (const attacker of attackers) {
        for (const attempt of row.attempts(attacker)) {
          await runAttempt(attacker, attempt);
          cases += 1;
        }
        if (row.check) cases += await row.check(attacker);
      }
    },
  );
});

describe('after the whole matrix', () => {
  it("A's state is exactly what it was: devices, device check, groups, outbox, webhook queue, status and every row in the database", async () => {
    await settleDeliveries(world.url, world.a.appkey);
    const after = await snapshot(world.url, dbFile, world.a);
    expect(after.api).toEqual(before.api);
    expect(after.rows).toEqual(before.rows);
    expect(Object.values(after.rows).flat().length).toBeGreaterThan(10);
    expect(receivers[0]?.deliveries.length, "events delivered to A's webhook during the matrix").toBe(deliveriesToA);
  });

  it("A's own OTP code, template and password still work for A", async () => {
    const { a } = world;
    const otp = expectOk(
      await postJson(world.url, '/api/create-message', {
        ...a.keys,
        to: CONTACT,
        message: false,
        verificarOTP: a.otpCode,
      }),
    );
    expect(otp).toMatchObject({ valid: true, message: 'OTP válido.' });
    const sent = expectOk(
      await postJson(world.url, '/api/create-message', {
        ...a.keys,
        to: CONTACT,
        template_id: a.templateId,
        variables: { nome: 'Ana' },
      }),
    );
    expect(sent.message).toBe('Template enviado com sucesso.');
    const login = expectOk(await postJson(world.url, '/api/auth', { auth: 'login', email: a.email, senha: a.senha }));
    expect(login.data.authkey).toBe(a.authkey);
    cases += 3;
  });
});
