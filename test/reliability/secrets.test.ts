// Secrets: config files stay private, keys never show whole in any command's output or the emulator's log,
// passwords appear nowhere after registration, and keys given through env or stdin never reach a process's arguments.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureForAll,
  newAccount,
  post,
  registerArgs,
  registered,
  Sandbox,
  withEmulator,
} from '../cli/support/harness.js';
import { readyLine } from '../support/ready-line.js';
import { waitFor } from '../support/wait-for.js';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { record } from './report.js';
import {
  closedPort,
  rejectedRuns,
  unreachableRuns,
  WRONG_APPKEY,
  WRONG_AUTHKEY,
  type FailingRun,
} from './secrets/error-runs.js';
import { bytesHold, databaseFiles, filesShown, keysInDatabase, leaks, type Shown } from './secrets/leaks.js';
import { allPrivate, modesUnder } from './secrets/permissions.js';
import { checkWhileHoldingKey, expectArgumentsFree } from './secrets/proc.js';
import { spawnCli, spawnLoggedEmulator, stop, type Captured, type LoggedEmulator } from './secrets/spawned.js';
import {
  mustRun,
  pairMainDevice,
  registerAtPrompt,
  registerThroughStdin,
  storedProfiles,
  walkData,
} from './secrets/walk-setup.js';
import { leafCommands, WALK, type Mode, type Step, type WalkSetup } from './secrets/walk.js';

let commandsChecked = 0;
afterAll(() => record('commands checked for key leaks', commandsChecked));

describe('config files are private: 0600 files in a 0700 directory', () => {
  const emulator = fixtureForAll(withEmulator, (running) => running.close());
  let umask = 0;
  // With umask 000 nothing but the CLI's own modes keeps the files private.
  beforeAll(() => {
    umask = process.umask(0);
  });
  afterAll(() => process.umask(umask));

  it('after register, login, pair, connect, devices check, each config set and unset, name set, profile use and rm, devices rm, logout', async () => {
    const box = new Sandbox(emulator().url);
    writeFileSync(join(box.home, 'sonda'), '');
    expect(modesUnder(box.home).files.sonda, 'umask 000 is in force').toBe('666');
    const runAndCheck = async (args: string[], input?: string) => {
      const result = await box.run(args, input === undefined ? {} : { input });
      expect(result.exitCode, `chatbot ${args.join(' ')}: ${result.stderr}`).toBe(0);
      const modes = modesUnder(box.configDir);
      expect(Object.keys(modes.files), `after chatbot ${args.join(' ')}`).toContain('config.json');
      expect(modes, `after chatbot ${args.join(' ')}`).toEqual(allPrivate(modes));
    };
    try {
      const account = newAccount();
      await runAndCheck(registerArgs(account), account.password);
      const authkey = storedProfiles(box).profiles.default?.authkey ?? '';
      await runAndCheck(['login', '--authkey-stdin', '--profile', 'segundo'], authkey);
      const device = `privado-${randomUUID()}`;
      const spare = `descartavel-${randomUUID()}`;
      const writes = [
        ['pair', '--name', device, '--no-wait'],
        ['emulator', 'connect', device],
        ['devices', 'check', device],
        ['config', 'set', 'base-url', emulator().url],
        ['config', 'set', 'authkey', authkey],
        ['config', 'set', 'appkey', device],
        ['config', 'set', 'timezone', 'America/Recife'],
        ['config', 'unset', 'timezone'],
        ['name', 'set', 'Loja', 'Privada'],
        ['profile', 'use', 'segundo'],
        ['profile', 'use', 'default'],
        ['pair', '--name', spare, '--no-wait'],
        ['devices', 'rm', spare, '--yes'],
        ['profile', 'rm', 'segundo', '--yes'],
        ['logout'],
      ];
      for (const args of writes) await runAndCheck(args);
    } finally {
      box.cleanup();
    }
  });

  it('a config file another program left readable by everyone is 0600 again after the next write', async () => {
    const box = new Sandbox(emulator().url);
    try {
      mkdirSync(box.configDir, { recursive: true, mode: 0o700 });
      writeFileSync(join(box.configDir, 'config.json'), '{"profiles":{}}', { mode: 0o644 });
      const result = await box.run(['config', 'set', 'timezone', 'America/Recife']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(modesUnder(box.configDir).files['config.json']).toBe('600');
    } finally {
      box.cleanup();
    }
  });
});

describe('keys never show whole and passwords appear nowhere', () => {
  const home = mkdtempSync(join(tmpdir(), 'chatbot-secrets-'));
  const db = join(home, 'emulator.db');
  const mainAppkey = `appkey-principal-${randomUUID()}`;
  const spareAppkey = `appkey-reserva-${randomUUID()}`;
  const passwords = [`Senha-Pelo-Stdin-${randomUUID()}`, `Senha-No-Prompt-${randomUUID()}`];
  /** What the key checks look at: every checked run's output, labelled. */
  const shown: Shown[] = [];
  /** Everything any command printed, including the set-up runs, for the password checks. */
  const printedAll: Shown[] = [];
  const keys = new Set<string>([mainAppkey, spareAppkey, WRONG_AUTHKEY, WRONG_APPKEY]);
  let emu: LoggedEmulator;
  let box: Sandbox;
  let listener: Captured;
  let setup: WalkSetup;
  /** What beforeAll started, undone last first (it may have stopped part-way). */
  const started: (() => unknown)[] = [];

  const checked = (output: Shown) => {
    shown.push(output);
    printedAll.push(output);
    commandsChecked += 1;
  };

  beforeAll(async () => {
    emu = await spawnLoggedEmulator(db, home);
    started.push(() => stop(emu.proc));
    box = new Sandbox(emu.url);
    started.push(() => box.cleanup());
    listener = spawnCli(['listen', '--port', '0'], box.env({ NO_COLOR: '1' }));
    started.push(() => stop(listener));
    const listening = await readyLine(listener.child, /Listening on (http:\/\/\S+)/, { what: "listen's ready line" });
    const listenUrl = listening[1] as string;
    const registration = await registerThroughStdin(box, passwords[0] as string);
    checked(registration.shown);
    checked(await registerAtPrompt(box, 'walk-pty', passwords[1] as string));
    keys.add(registration.authkey);
    // The chosen appkey is the device's name until the rename: these outputs show it, see the test further down.
    printedAll.push(...(await pairMainDevice(box, mainAppkey, listenUrl)));
    setup = await walkData(box, registration.authkey, mainAppkey, spareAppkey);
  });

  afterAll(async () => {
    for (const undo of started.reverse()) await undo();
    rmSync(home, { recursive: true, force: true });
  });

  const allKeys = () => [...keys, ...keysInDatabase(db)];
  const expectNoLeak = (outputs: readonly Shown[], secrets: readonly string[]) =>
    expect(leaks(outputs, secrets)).toEqual([]);

  async function walk(step: Step, name: string): Promise<void> {
    for (const mode of step.modes ?? (['--dry-run', '--json', 'human'] satisfies Mode[])) {
      for (const run of step.runs(setup)) {
        const args = mode === 'human' ? run.args : [...run.args, mode];
        if (args[0] === 'register' && run.input) passwords.push(run.input);
        const output = await mustRun(box, args, run.input);
        if (mode === '--dry-run') expect(output.text, output.where).toContain('Dry run');
        checked({ where: `${name} (${mode}): ${output.where}`, text: output.text });
      }
    }
  }

  it('the walk names every leaf command of the CLI', () => {
    expect(Object.keys(WALK).sort()).toEqual(leafCommands().sort());
  });

  it('every command run with valid keys, in human mode, with --json and with --dry-run, shows no key whole', async () => {
    for (const [name, entry] of Object.entries(WALK)) {
      if ('skip' in entry || entry.last) continue;
      await walk(entry, name);
    }
    expectNoLeak(shown, allKeys());
  }, 180_000);

  it('failing commands — 401, 404, an unreachable service — show none of the keys involved', async () => {
    // The unreachable runs wait out the read retries (about 3 s), so they run as processes alongside the others.
    const offline = `http://127.0.0.1:${await closedPort()}`;
    const spawned = unreachableRuns(offline, setup.authkey).map((run: FailingRun) => {
      const proc = spawnCli(run.args, box.env(run.env));
      proc.child.stdin?.end(run.input ?? '');
      return { run, proc };
    });
    await mustRun(box, ['config', 'set', 'timezone', 'America/Sao_Paulo', '--profile', 'walk-empty']);
    for (const run of rejectedRuns(setup)) {
      const result = await box.run(run.args, {
        ...(run.input ? { input: run.input } : {}),
        ...(run.env ? { env: run.env } : {}),
      });
      expect(result.exitCode, `${run.what}: ${result.stderr}`).toBe(run.exitCode);
      checked({ where: `${run.what}: chatbot ${run.args.join(' ')}`, text: result.stdout + result.stderr });
    }
    for (const { run, proc } of spawned) {
      expect(await proc.exited, `${run.what}: ${proc.stderr}`).toBe(run.exitCode);
      checked({ where: `${run.what}: chatbot ${run.args.join(' ')}`, text: proc.stdout + proc.stderr });
    }
    expectNoLeak(shown, allKeys());
  });

  it('listen, printing every event of the walk in human mode, shows no key whole', async () => {
    // listen prints one line per event on stdout, and everything else on stderr.
    const eventLines = () => listener.stdout.split('\n').filter((line) => line.trim() !== '').length;
    await waitFor(() => eventLines() >= 10, { what: `10 event lines from listen; stdout: ${listener.stdout}` });
    expect(await stop(listener)).toBe(0);
    checked({ where: 'chatbot listen (spawned, through the walk)', text: listener.stdout + listener.stderr });
    expectNoLeak(shown, allKeys());
  });

  it('a device whose appkey was chosen with pair --name is shown by that name: names are data, not secrets', async () => {
    const chosen = `loja-escolhida-${randomUUID()}`;
    const env = { CHATBOT_AUTHKEY: setup.authkey };
    const runs = [
      ['pair', '--name', chosen, '--no-wait', '--profile', 'walk-named'],
      ['emulator', 'connect', chosen, '--profile', 'walk-named'],
      ['devices', 'check', chosen, '--profile', 'walk-named'],
      ['devices', 'ls', '--profile', 'walk-named'],
      ['status', '--profile', 'walk-named'],
    ];
    await mustRun(box, ['profile', 'use', '--create', 'walk-named']);
    await mustRun(box, ['profile', 'use', 'default']);
    const outputs: Shown[] = [];
    for (const args of runs) outputs.push(await mustRun(box, args, undefined, env));
    printedAll.push(...outputs);
    commandsChecked += outputs.length;
    for (const output of outputs.slice(1)) expect(output.text, output.where).toContain(chosen);
    expectNoLeak(outputs, [setup.authkey]);
  });

  it('last, emulator reset (it erases every key): no key whole', async () => {
    const before = allKeys();
    before.forEach((key) => keys.add(key));
    for (const [name, entry] of Object.entries(WALK)) {
      if (!('skip' in entry) && entry.last) await walk(entry, name);
    }
    expect(before.length).toBeGreaterThan(8);
    expectNoLeak(shown, before);
  });

  it('passwords appear in no output, config file, emulator log or database byte; keys not in the emulator log', async () => {
    const everything = [...printedAll, ...filesShown(box.configDir, 'config file')];
    const finalKeys = [...keys];
    expect(await stop(emu.proc)).toBe(0);
    const log: Shown = { where: "the emulator's output", text: emu.proc.stdout + emu.proc.stderr };
    expect(log.text).toMatch(/POST \/api\/create-message 200/);
    expectNoLeak([...everything, log], passwords);
    expectNoLeak([log], finalKeys);
    const files = databaseFiles(db);
    expect(files).toContain(db);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const password of passwords) expect(bytesHold(bytes, password), `${file} holds ${password}`).toBe(false);
    }
    expect(passwords.length).toBeGreaterThan(2);
  });
});

describe('keys given through env or stdin never appear in process arguments', () => {
  const emulator = fixtureForAll(withEmulator, (running) => running.close());
  const hanging = fixtureForAll(
    async () => {
      const receiver = await WebhookReceiver.start();
      receiver.mode = 'hang';
      return receiver;
    },
    (receiver) => receiver.close(),
  );

  it('login --authkey-stdin, while it waits for the service', async () => {
    const box = new Sandbox(emulator().url);
    try {
      const authkey = await registered(box);
      await checkWhileHoldingKey(
        hanging(),
        ['login', '--authkey-stdin', '--profile', 'outro'],
        box.env(),
        [authkey],
        `${authkey}\n`,
      );
    } finally {
      box.cleanup();
    }
  });

  it('send text with CHATBOT_AUTHKEY and CHATBOT_APPKEY in env, while it waits for the service', async () => {
    const box = new Sandbox(emulator().url);
    try {
      const authkey = await registered(box);
      const appkey = `appkey-no-ambiente-${randomUUID()}`;
      const env = box.env({ CHATBOT_AUTHKEY: authkey, CHATBOT_APPKEY: appkey });
      expect((await box.run(['profile', 'use', '--create', 'vazio'])).exitCode).toBe(0);
      await checkWhileHoldingKey(
        hanging(),
        ['send', 'text', '--to', '+5521998765432', '-m', 'oi', '--profile', 'vazio'],
        env,
        [authkey, appkey],
      );
    } finally {
      box.cleanup();
    }
  });

  it('pair with CHATBOT_AUTHKEY in env, while it waits for the phone', async () => {
    const box = new Sandbox(emulator().url);
    try {
      const authkey = await registered(box);
      rmSync(join(box.configDir, 'config.json'));
      const proc = spawnCli(['pair', '--wait-timeout', '60'], box.env({ CHATBOT_AUTHKEY: authkey }));
      proc.child.stdin?.end();
      try {
        await readyLine(proc.child, /Waiting up to \d+ s/, { what: 'pair waiting for the phone' });
        const appkey = storedProfiles(box).profiles.default?.devices?.[0]?.appkey as string;
        expect(appkey).toMatch(/^[0-9a-f]{32}$/);
        expectArgumentsFree(proc.child.pid as number, [authkey, appkey]);
        expect(await post(`${emulator().url}/__emulator/connect`, { appkey })).toMatchObject({ status: 200 });
        expect(await proc.exited, proc.stderr).toBe(0);
      } finally {
        await stop(proc, 'SIGTERM');
      }
    } finally {
      box.cleanup();
    }
  });
});
