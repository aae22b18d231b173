// The happy paths of every command group, run with the single executable against an emulator started from it, with
// no node on PATH: account, pair and agent, devices, send and otp, the extensions (schedule, app, about), group, user,
// name and webhook, listen, config and profile, the emulator's control commands, and api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyLine } from '../support/ready-line.js';
import { waitFor } from '../support/wait-for.js';
import { BinarySandbox, register, startBinaryEmulator, type BinaryEmulator } from './binary.js';

const CONTACT = '+5521998765432';

let emulator: BinaryEmulator;
let emulatorBox: BinarySandbox;
let box: BinarySandbox;
/** The --json document `chatbot args --json` prints. */
const json = async (args: string[]) => JSON.parse(await box.ok([...args, '--json']));

/** Pairs a device named `name` (with a webhook when given), plays its phone linking it, and returns its id. */
async function connectedDevice(name: string, webhook?: string): Promise<string> {
  const paired = await json(['pair', '--name', name, '--no-wait', ...(webhook ? ['--webhook', webhook] : [])]);
  expect(paired.appkey).toBe(name);
  await box.ok(['emulator', 'connect', name]);
  const checked = await json(['devices', 'check', name]);
  expect(checked.dispositivo).toMatchObject({ nome: name, conectado: true });
  return String(checked.dispositivo.id);
}

beforeAll(async () => {
  emulatorBox = new BinarySandbox('http://127.0.0.1:9');
  emulator = await startBinaryEmulator(emulatorBox);
  box = new BinarySandbox(emulator.url);
  await register(box);
  await connectedDevice('loja');
});

afterAll(async () => {
  const stopped = await emulator.stop();
  box.cleanup();
  emulatorBox.cleanup();
  expect(stopped.stderr).toContain('Emulator stopped.');
});

describe('the single executable against its own emulator', () => {
  it('account: register, status, logout, login by authkey and by e-mail', async () => {
    const other = new BinarySandbox(emulator.url);
    try {
      const account = await register(other);
      const authkey = (await other.ok(['config', 'get', 'authkey', '--reveal'])).trim();
      expect(await other.ok(['status', '--json'])).not.toContain(authkey);
      expect(await other.ok(['status'])).toContain('authkey accepted');
      await other.ok(['logout']);
      expect((await other.run(['config', 'get', 'authkey'])).exitCode).not.toBe(0);
      await other.ok(['login', '--authkey-stdin'], { input: authkey });
      expect((await other.ok(['config', 'get', 'authkey', '--reveal'])).trim()).toBe(authkey);
      await other.ok(['login', '--email', account.email, '--password-stdin', '--profile', 'email'], {
        input: account.password,
      });
      expect((await other.ok(['config', 'get', 'authkey', '--reveal', '--profile', 'email'])).trim()).toBe(authkey);
    } finally {
      other.cleanup();
    }
  });

  it('pair and agent: a device paired and linked, an agent created on it and read back', async () => {
    const id = await connectedDevice('caixa');
    expect(id).toMatch(/^dev_/);
    const agent = await json(['agent', 'create', '--device', id, '--name', 'Atendente']);
    expect(agent.agent_id).toMatch(/^agt_/);
    expect(JSON.stringify(await json(['agent', 'get', agent.agent_id]))).toContain('Atendente');
  });

  it('devices: list, link, remove', async () => {
    await connectedDevice('balcao');
    const names = await box.ok(['devices', 'ls', '--jq', '.dispositivos[].nome']);
    expect(names.split('\n')).toEqual(expect.arrayContaining(['loja', 'balcao']));
    expect(await box.ok(['devices', 'link', 'balcao'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/conectar\//);
    await box.ok(['devices', 'rm', 'balcao', '--yes']);
    expect(await box.ok(['devices', 'ls'])).not.toContain('balcao');
  });

  it('send (text, poll, location, buttons, reaction) and otp', async () => {
    const text = await json(['send', 'text', '--to', CONTACT, '-m', 'Olá do binário']);
    expect(text.status).toBe(200);
    const sends = [
      ['send', 'poll', '--to', CONTACT, '--question', 'Melhor dia?', '--option', 'Sábado', '--option', 'Domingo'],
      ['send', 'location', '--to', CONTACT, '--lat', '-8.0476', '--lng', '-34.8770', '-m', 'Marco Zero'],
      ['send', 'buttons', '--to', CONTACT, '-m', 'Confirma?', '--button', 'reply:Sim', '--button', 'reply:Não'],
      ['send', 'react', '--to', CONTACT, '--id', String(text.id), '--emoji', '👍'],
    ];
    for (const args of sends) expect((await json(args)).status, args.join(' ')).toBe(200);
    const outbox = await box.ok(['emulator', 'outbox']);
    // One line a message, its kind after the recipient (`→ 5521998765432   poll   "Melhor dia?" …`).
    for (const kind of ['text', 'poll', 'location', 'buttons', 'reaction'])
      expect(outbox).toMatch(new RegExp(`→ 5521998765432 +${kind} `));

    const code = (await box.ok(['emulator', 'otp', '--to', CONTACT])).trim();
    expect(code).toMatch(/^\d{4,8}$/);
    await box.ok(['otp', 'verify', '--to', CONTACT, '--code', code]);
    expect((await box.run(['otp', 'verify', '--to', CONTACT, '--code', '000000'])).exitCode).toBe(3);
  });

  it('schedule, app and about: a scheduled message cancelled, an appkey created, the about text set', async () => {
    const scheduled = await json(['send', 'schedule', '--to', CONTACT, '--in', '1h', '-m', 'Lembrete']);
    expect(scheduled.id).toMatch(/^agd_/);
    await box.ok(['schedule', 'cancel', String(scheduled.id)]);
    const app = await json(['app', 'create', '--device', 'loja', '--name', 'ERP', '--reveal']);
    expect(app.appkey).toMatch(/^\w{16,}$/);
    expect((await box.ok(['about', 'set', 'Atendimento 8h-18h'])).length).toBeGreaterThan(0);
  });

  it('group, user, name and webhook', async () => {
    const group = await json(['emulator', 'group', '--title', 'Clientes', '--participant', CONTACT]);
    const id = String(group.grupo);
    expect(id).toMatch(/@g\.us$/);
    await box.ok(['group', 'title', id, 'Clientes VIP']);
    expect(await box.ok(['group', 'info', id])).toContain('Clientes VIP');
    expect(await box.ok(['group', 'invite', id])).toMatch(/^https:\/\//);
    expect(await box.ok(['user', 'status', CONTACT])).toContain('5521998765432');
    await box.ok(['user', 'check', CONTACT]);
    expect(await box.ok(['name', 'set', 'Loja', 'Centro'])).toContain('Loja Centro');
    expect(await box.ok(['webhook', 'off', '--type', 'chat'])).toContain('switched off');
    expect(await box.ok(['webhook', 'on', '--type', 'chat'])).toContain('switched on');
  });

  it("listen: prints a contact's text that the emulator delivers to it", async () => {
    const listener = box.start(['listen', '--port', '0', '--json']);
    let stdout = '';
    listener.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    try {
      const url = (await readyLine(listener, /Listening on (\S+)/, { what: "listen's ready line" }))[1] ?? '';
      await connectedDevice('ouvinte', url);
      await box.ok([
        'emulator',
        'trigger',
        'text',
        '--from',
        CONTACT,
        '--message',
        'Oi, tudo bem?',
        '--appkey',
        'ouvinte',
      ]);
      await waitFor(() => stdout.includes('Oi, tudo bem?'), { what: 'the event printed by listen' });
      expect(JSON.parse(stdout.split('\n')[0] ?? '')).toMatchObject({ evento: 'text', instancia: 'ouvinte' });
    } finally {
      listener.kill('SIGINT');
      await listener;
    }
  });

  it('config and profile: settings stored and read, --jq, profiles created and chosen', async () => {
    await box.ok(['config', 'set', 'timezone', 'Europe/Lisbon']);
    expect((await box.ok(['config', 'get', 'timezone'])).trim()).toBe('Europe/Lisbon');
    const jq = '.settings[] | select(.key == "timezone") | .value';
    expect(await box.ok(['config', 'list', '--jq', jq])).toBe('Europe/Lisbon');
    await box.ok(['config', 'unset', 'timezone']);
    await box.ok(['profile', 'use', '--create', 'outro']);
    expect(await box.ok(['profile', 'ls'])).toMatch(/^\*\toutro/m);
    await box.ok(['profile', 'use', 'default']);
    expect(await box.ok(['profile', 'ls'])).toMatch(/^\*\tdefault/m);
  });

  it("the emulator's control commands: requests, webhooks, clock, faults", async () => {
    expect(await box.ok(['emulator', 'requests', '--status', '200'])).toMatch(/200 POST \/api\/create-message/);
    expect(await box.ok(['emulator', 'webhooks', '--appkey', 'ouvinte'])).toMatch(/1 delivered/);
    const scheduled = await json(['send', 'schedule', '--to', CONTACT, '--in', '2h', '-m', 'Daqui a pouco']);
    await box.ok(['emulator', 'clock', 'advance', '3h']);
    expect(await box.ok(['emulator', 'outbox'])).toContain('Daqui a pouco');
    expect(scheduled.status).toBe(200);
    await box.ok(['emulator', 'clock', 'reset']);
    expect(await box.ok(['emulator', 'fault', 'add', '--operation', 'sendText', '--error', 'internal'])).toMatch(
      /flt_\d+/,
    );
    const failed = await box.run(['send', 'text', '--to', CONTACT, '-m', 'falha']);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stderr).toContain('Erro interno do servidor.');
    await box.ok(['emulator', 'fault', 'clear']);
    await box.ok(['send', 'text', '--to', CONTACT, '-m', 'de novo']);
  });

  it('api: any path with the profile keys, the answer as the service sent it', async () => {
    const answer = JSON.parse(
      await box.ok(['api', '/api/settings', '-f', `to=${CONTACT}`, '-F', 'message=false', '-F', 'obterStatus=true']),
    ) as Record<string, unknown>;
    expect(answer).toMatchObject({ status: 200, message: 'Status obtido com sucesso.' });
  });

  it('emulator reset: erases every account', async () => {
    await box.ok(['emulator', 'reset', '--yes']);
    expect((await box.run(['devices', 'ls'])).exitCode).toBe(3);
  });
});
