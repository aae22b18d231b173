// login --email, devices disconnect|link, app create, agent get|update, about set, user picture|check, flow reset,
// chatbot api: end to end against the emulator, with bad input refused and nothing sent.
import { describe, expect, it } from 'vitest';
import { Sandbox, newAccount, registerArgs } from './harness.js';
import { PHONE, PHONE_DIGITS, useDeviceSandbox } from './send-helpers.js';

const t = useDeviceSandbox();

async function deviceId(): Promise<string> {
  const checked = await t.dev.run(['devices', 'check', t.dev.appkey, '--json']);
  return JSON.parse(checked.stdout).dispositivo.id as string;
}

describe('login --email [extension]', () => {
  it('logs in with the password from stdin and saves the authkey, never printing it whole', async () => {
    const account = newAccount();
    const box = new Sandbox(t.emulator.url);
    try {
      expect((await box.run(registerArgs(account), { input: account.password })).exitCode).toBe(0);
      const authkey = (await box.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim();
      const fresh = new Sandbox(t.emulator.url);
      try {
        const result = await fresh.run(['login', '--email', account.email, '--password-stdin'], {
          input: account.password,
        });
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout).toContain('Logged in');
        expect(result.stdout + result.stderr).not.toContain(authkey);
        expect(result.stdout + result.stderr).not.toContain(account.password);
        expect((await fresh.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim()).toBe(authkey);
        const wrong = await fresh.run(['login', '--email', account.email, '--password-stdin'], { input: 'errada' });
        expect(wrong.exitCode).toBe(3);
        expect(wrong.stderr).toContain('E-mail ou senha inválidos.');
      } finally {
        fresh.cleanup();
      }
    } finally {
      box.cleanup();
    }
  });

  it('refuses --password-stdin without --email, and a bad e-mail, before sending', async () => {
    expect((await t.dev.run(['login', '--password-stdin'], { input: 'x' })).stderr).toContain(
      '--password-stdin needs --email',
    );
    const bad = await t.dev.run(['login', '--email', 'nao-e-email', '--password-stdin'], { input: 'x' });
    expect(bad.exitCode).toBe(2);
  });
});

describe('devices disconnect|link, app create [extension]', () => {
  it('disconnects a connected device; an unknown device is exit 4', async () => {
    await t.dev.connect();
    const result = await t.dev.run(['devices', 'disconnect', t.dev.appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    const check = JSON.parse((await t.dev.run(['devices', 'check', t.dev.appkey, '--json'])).stdout);
    expect(check.dispositivo.conectado).toBe(false);
    const unknown = await t.dev.run(['devices', 'disconnect', 'nao-existe']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('prints a pairing link the emulator serves', async () => {
    const result = await t.dev.run(['devices', 'link', t.dev.appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    const link = result.stdout.trim();
    expect(link.startsWith(`${t.emulator.url}/conectar/`)).toBe(true);
    expect(await (await fetch(link)).text()).toContain('QR Code');
    expect((await t.dev.run(['devices', 'link', 'nao-existe'])).exitCode).toBe(4);
  });

  it('creates a second appkey (masked unless --reveal) that sends from the same device', async () => {
    const masked = await t.dev.run(['app', 'create', '--device', await deviceId(), '--name', 'ERP']);
    expect(masked.exitCode, masked.stderr).toBe(0);
    expect(masked.stdout).toContain('--reveal prints it whole');
    const revealed = await t.dev.run([
      'app',
      'create',
      '--device',
      t.dev.appkey,
      '--name',
      'Site',
      '--reveal',
      '--json',
    ]);
    const appkey = JSON.parse(revealed.stdout).appkey as string;
    expect(appkey).toMatch(/^[0-9a-f]{32}$/);
    const sent = await t.dev.run(['send', 'text', '--to', PHONE, '-m', 'via app'], { env: { CHATBOT_APPKEY: appkey } });
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect((await t.dev.onlySent()).content).toEqual({ message: 'via app' });
    expect((await t.dev.run(['app', 'create', '--device', 'nao-existe', '--name', 'X'])).exitCode).toBe(4);
  });
});

describe('agent get|update [extension]', () => {
  it('reads, updates and lists an agent; bad values are refused before sending', async () => {
    const created = JSON.parse(
      (await t.dev.run(['agent', 'create', '--device', await deviceId(), '--name', 'Ana', '--json'])).stdout,
    );
    const id = created.agent_id as string;
    const read = await t.dev.run(['agent', 'get', id, '--json']);
    expect(JSON.parse(read.stdout).data).toMatchObject({ id, agent_name: 'Ana', voice: 'f' });
    const updated = await t.dev.run([
      'agent',
      'update',
      id,
      '--voice',
      'm',
      '--temperature',
      '0.2',
      '--work-days',
      'seg,ter',
      '--stop-bot',
      'on',
      '--blacklist',
      PHONE,
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(JSON.parse((await t.dev.run(['agent', 'get', id, '--json'])).stdout).data).toMatchObject({
      agent_name: 'Ana',
      voice: 'm',
      temperature: 0.2,
      work_days: ['seg', 'ter'],
      stop_bot: true,
      blacklist: [PHONE_DIGITS],
    });
    expect((await t.dev.run(['agent', 'get'])).stdout).toContain(id);
    const bad = await t.dev.run(['agent', 'update', id, '--temperature', '3']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--temperature must be a number from 0 to 2');
    expect((await t.dev.run(['agent', 'get', 'agt_nao'])).exitCode).toBe(4);
  });

  it('--dry-run of a GET masks the authkey the query string carries', async () => {
    const result = await t.dev.run(['agent', 'get', 'agt_x', '--dry-run', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.method).toBe('GET');
    expect(plan.url).toContain('/api/v2/ia/agt_x?authkey=');
    expect(result.stdout).not.toContain(t.dev.authkey);
  });
});

describe('about set, user picture|check, flow reset [extension]', () => {
  it('changes the about text', async () => {
    const result = await t.dev.run(['about', 'set', 'Atendimento 8h-18h']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('About text changed');
  });

  it('prints a profile picture URL', async () => {
    const result = await t.dev.run(['user', 'picture', PHONE]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(`${t.emulator.url}/foto/${PHONE_DIGITS}.svg`);
  });

  it('user check: exit 0 on the network, 4 when not', async () => {
    const on = await t.dev.run(['user', 'check', PHONE]);
    expect(on.exitCode, on.stderr).toBe(0);
    expect(on.stdout).toContain(`${PHONE_DIGITS}@s.whatsapp.net`);
    const off = await t.dev.run(['user', 'check', '+5521990000000']);
    expect(off.exitCode).toBe(4);
    expect(off.stderr).toContain('5521990000000 is not on the network');
  });

  it('flow reset: one contact; --all needs --yes when not interactive', async () => {
    expect((await t.dev.run(['flow', 'reset', PHONE])).exitCode).toBe(0);
    const refused = await t.dev.run(['flow', 'reset', '--all']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect((await t.dev.run(['flow', 'reset', '--all', '--yes'])).exitCode).toBe(0);
    expect((await t.dev.run(['flow', 'reset'])).exitCode).toBe(2);
  });
});

describe('chatbot api', () => {
  it("fills the keys from the profile, sends JSON, prints the service's JSON", async () => {
    const result = await t.dev.run([
      'api',
      '/api/create-message',
      '-f',
      `to=${PHONE}`,
      '-f',
      'message=via api',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Mensagem enviada com sucesso.' });
    expect((await t.dev.onlySent()).content).toEqual({ message: 'via api' });
  });

  it('sends -F values typed, reads GET answers, and keeps the exit codes', async () => {
    const status = await t.dev.run([
      'api',
      '/api/settings',
      '-f',
      `to=${PHONE}`,
      '-F',
      'message=false',
      '-F',
      'obterStatus=true',
    ]);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).userStatus).toBe('offline');
    const agents = await t.dev.run(['api', '/api/v2/ia', '--method', 'GET']);
    expect(agents.exitCode, agents.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(agents.stdout).data)).toBe(true);
    expect(
      (await t.dev.run(['api', '/api/developer', '-f', 'message=nao-existe', '-F', 'checkDispositivo=true'])).exitCode,
    ).toBe(4);
    expect((await t.dev.run(['api', 'api/sem-barra'])).exitCode).toBe(2);
    expect((await t.dev.run(['api', '/api/create-message', '-f', 'semigual'])).exitCode).toBe(2);
  });
});
