// emulator connect|group|template|otp|outbox|webhooks|reset end to end against the emulator's control API.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { freePort } from '../../support/free-port.js';
import { Sandbox, post, registered } from '../support/harness.js';
import {
  CONTACT,
  CONTACT_DIGITS,
  WebhookReceiver,
  outbox,
  requestsTo,
  usePairedDevice,
} from '../support/paired-device.js';
import { waitFor } from '../../support/wait-for.js';

const t = usePairedDevice();

const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });
const BRUNO = '+5531987654321';
/** The device sends `message` to `to` (the contact by default), with more fields (e.g. `agendamento`). */
const sendText = (message: string, to = CONTACT, more: Record<string, unknown> = {}) =>
  post(`${t.url}/api/create-message`, { authkey: t.device.authkey, appkey: t.device.appkey, to, message, ...more });

async function connected(appkey: string): Promise<boolean> {
  const checked = await post(`${t.url}/api/developer`, {
    authkey: t.device.authkey,
    message: appkey,
    checkDispositivo: 'true',
  });
  return (checked.dispositivo as { conectado: boolean }).conectado;
}

describe('emulator connect', () => {
  it('completes the pairing of a device', async () => {
    const appkey = `${t.device.appkey}-novo`;
    await post(`${t.url}/api/v2/qrcode`, { authkey: t.device.authkey, setAppkey: appkey });
    expect(await connected(appkey)).toBe(false);
    const result = await t.box.run(['emulator', 'connect', appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ Device .* connected/);
    expect(result.stdout).not.toContain(appkey);
    expect(await connected(appkey)).toBe(true);
  });

  it('--phone gives the device the number it turns out to have, as checkDevice then shows', async () => {
    const appkey = `${t.device.appkey}-fone`;
    await post(`${t.url}/api/v2/qrcode`, { authkey: t.device.authkey, setAppkey: appkey });
    const result = await t.box.run(['emulator', 'connect', appkey, '--phone', '+55 (81) 98976-9960']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ Device .* connected as \+5581989769960/);
    const checked = await post(`${t.url}/api/developer`, {
      authkey: t.device.authkey,
      message: appkey,
      checkDispositivo: 'true',
    });
    expect(checked.dispositivo).toMatchObject({ telefone: '5581989769960', conectado: true });
  });

  it('refuses a --phone that is not a phone number (exit 2, nothing sent, still not connected)', async () => {
    const appkey = `${t.device.appkey}-ruim`;
    await post(`${t.url}/api/v2/qrcode`, { authkey: t.device.authkey, setAppkey: appkey });
    const before = t.logged.requests.length;
    const result = await t.box.run(['emulator', 'connect', appkey, '--phone', '123']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--phone must be a phone number in international format');
    expect(requestsTo(t.logged, '/__emulator/connect', before)).toEqual([]);
    expect(await connected(appkey)).toBe(false);
  });

  it('prints the control API body under --json', async () => {
    const result = await t.box.run(['emulator', 'connect', t.device.appkey, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 200, message: 'Dispositivo conectado.' });
  });

  it('an unknown appkey is 404 and exit 4; an empty one exit 2 with nothing sent', async () => {
    const unknown = await t.box.run(['emulator', 'connect', 'nao-existe']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('Nenhum dispositivo encontrado.');
    const before = t.logged.requests.length;
    const empty = await t.box.run(['emulator', 'connect', ' ']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('<device> must not be empty');
    expect(requestsTo(t.logged, '/__emulator/connect', before)).toEqual([]);
  });
});

describe('emulator group', () => {
  it('creates a group with participants that groupInfo then shows', async () => {
    const result = await run([
      'emulator',
      'group',
      '--title',
      'Clientes',
      '--description',
      'Loja do centro',
      '--participant',
      '+5581989769960:admin',
      '--participant',
      CONTACT,
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const id = /created: (\S+@g\.us)/.exec(result.stdout)?.[1] as string;
    expect(result.stdout).toContain('invite: https://chat.whatsapp.com/');
    const info = JSON.parse((await run(['group', 'info', id, '--json'])).stdout);
    expect(info.grupo).toEqual({
      id,
      titulo: 'Clientes',
      descricao: 'Loja do centro',
      participantes: [
        { id: '5581989769960', admin: true },
        { id: CONTACT_DIGITS, admin: false },
      ],
    });
  });

  it('prints the control API body under --json', async () => {
    const result = await run(['emulator', 'group', '--title', 'Clientes', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({
      status: 200,
      grupo: expect.stringMatching(/@g\.us$/),
      convite: expect.stringContaining('chat.whatsapp.com/'),
    });
  });

  it('an unknown appkey is exit 4', async () => {
    const result = await t.box.run(['emulator', 'group', '--title', 'X', '--appkey', 'nao-existe']);
    expect(result.exitCode).toBe(4);
  });

  it('refuses a bad participant, an empty or missing title (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    const badRole = await run(['emulator', 'group', '--title', 'X', '--participant', `${CONTACT}:owner`]);
    expect(badRole.exitCode).toBe(2);
    expect(badRole.stderr).toContain('--participant must be PHONE or PHONE:admin');
    const badPhone = await run(['emulator', 'group', '--title', 'X', '--participant', '123']);
    expect(badPhone.exitCode).toBe(2);
    expect(badPhone.stderr).toContain('--participant must be a phone number');
    const empty = await run(['emulator', 'group', '--title', '']);
    expect(empty.exitCode).toBe(2);
    const missing = await run(['emulator', 'group']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--title');
    expect(requestsTo(t.logged, '/__emulator/groups', before)).toEqual([]);
  });
});

describe('emulator template', () => {
  it("creates a template for the profile's account that sendTemplate then fills in", async () => {
    const result = await t.box.run(['emulator', 'template', '--text', 'Olá {{nome}}']);
    expect(result.exitCode, result.stderr).toBe(0);
    const templateId = /Template created: (\S+)/.exec(result.stdout)?.[1] as string;
    const sent = await post(`${t.url}/api/create-message`, {
      authkey: t.device.authkey,
      appkey: t.device.appkey,
      to: CONTACT,
      template_id: templateId,
      variables: { nome: 'Ana' },
    });
    expect(sent.status).toBe(200);
    const last = (await outbox(t.url, t.device.appkey)).at(-1);
    expect(last?.content.message).toBe('Olá Ana');
  });

  it('prints the control API body under --json', async () => {
    const result = await t.box.run(['emulator', 'template', '--text', 'Oi', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, template_id: expect.any(String) });
  });

  it('an invalid authkey is 401 and exit 3; an empty text exit 2 with nothing sent', async () => {
    const bad = await t.box.run(['emulator', 'template', '--text', 'Oi', '--authkey', 'chave-invalida-123']);
    expect(bad.exitCode).toBe(3);
    const before = t.logged.requests.length;
    const empty = await t.box.run(['emulator', 'template', '--text', ' ']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('--text must not be empty');
    expect(requestsTo(t.logged, '/__emulator/templates', before)).toEqual([]);
  });
});

describe('emulator otp', () => {
  it('prints only a code that verifyOtp then accepts', async () => {
    const result = await run(['emulator', 'otp', '--to', CONTACT]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\d{6}\n$/);
    const verified = await post(`${t.url}/api/create-message`, {
      authkey: t.device.authkey,
      appkey: t.device.appkey,
      to: CONTACT,
      message: 'false',
      verificarOTP: result.stdout.trim(),
    });
    expect(verified).toMatchObject({ status: 200, valid: true });
  });

  it('prints the control API body under --json', async () => {
    const result = await run(['emulator', 'otp', '--to', CONTACT, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, code: expect.stringMatching(/^\d{6}$/) });
  });

  it('an unknown appkey is exit 4; a bad number exit 2 with nothing sent', async () => {
    expect((await t.box.run(['emulator', 'otp', '--to', CONTACT, '--appkey', 'nao-existe'])).exitCode).toBe(4);
    const before = t.logged.requests.length;
    const bad = await run(['emulator', 'otp', '--to', 'abc']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--to must be a phone number');
    expect(requestsTo(t.logged, '/__emulator/otp', before)).toEqual([]);
  });
});

describe('emulator outbox', () => {
  const inbound = (fields: Record<string, unknown>) =>
    post(`${t.url}/__emulator/inbound`, { appkey: t.device.appkey, de: CONTACT, ...fields });

  it('shows the conversation both ways, oldest first, in the profile time zone', async () => {
    const empty = await run(['emulator', 'outbox']);
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toContain('Nothing sent or received yet by this device.');
    await sendText('Pedido 123 saiu para entrega');
    await inbound({ evento: 'text', mensagem: 'Obrigada!', nome: 'Ana' });
    const result = await t.box.run(['emulator', 'outbox'], {
      env: { CHATBOT_APPKEY: t.device.appkey, CHATBOT_TIMEZONE: 'Asia/Tokyo' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}→ 5521998765432 +text +"Pedido 123 saiu para entrega" {2}3EB0/,
    );
    expect(lines[1]).toMatch(/← 5521998765432 \(Ana\) {2}text +"Obrigada!"/);
    const [sent] = await outbox(t.url, t.device.appkey);
    const tokyo = new Date(Date.parse(sent?.timestamp ?? '') + 9 * 3600_000);
    expect(lines[0]?.slice(0, 16)).toBe(tokyo.toISOString().slice(0, 16).replace('T', ' '));
  });

  it('--to keeps one chat; a schedule still waiting is listed after the messages', async () => {
    await sendText('para a Ana');
    await sendText('para o Bruno', BRUNO);
    await sendText('lembrete', BRUNO, { agendamento: '2099-01-01 09:00:00' });
    const ana = await run(['emulator', 'outbox', '--to', '+55 21 99876-5432']);
    expect(ana.exitCode, ana.stderr).toBe(0);
    expect(ana.stdout).toContain('"para a Ana"');
    expect(ana.stdout).not.toContain('Bruno');
    const bruno = await run(['emulator', 'outbox', '--to', '5531987654321']);
    expect(bruno.stdout).toMatch(
      /"para o Bruno"[^\n]*\nScheduled, not sent yet:\n[^\n]*→ 5531987654321 +scheduled +"lembrete"/,
    );
    expect((await run(['emulator', 'outbox', '--to', 'abc'])).exitCode).toBe(2);
  });

  it('prints the messages both ways and the schedules under --json, for the device of --appkey', async () => {
    await sendText('Olá');
    await inbound({ evento: 'text', mensagem: 'Oi' });
    const result = await t.box.run(['emulator', 'outbox', '--appkey', t.device.appkey, '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(doc.agendados).toEqual([]);
    expect(doc.mensagens).toHaveLength(2);
    expect(doc.mensagens[0]).toMatchObject({
      direction: 'out',
      to: CONTACT_DIGITS,
      kind: 'text',
      content: { message: 'Olá' },
    });
    expect(doc.mensagens[1]).toMatchObject({
      direction: 'in',
      de: CONTACT_DIGITS,
      kind: 'text',
      content: { mensagem: 'Oi' },
    });
  });

  it('an unknown appkey is exit 4; no device key at all is exit 2 naming --appkey', async () => {
    expect((await t.box.run(['emulator', 'outbox', '--appkey', 'nao-existe'])).exitCode).toBe(4);
    const none = await t.box.run(['emulator', 'outbox']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('--appkey');
  });

  it('--dry-run shows the first GET with the appkey masked and sends nothing; --follow refuses --json', async () => {
    const before = t.logged.requests.length;
    const result = await run(['emulator', 'outbox', '--dry-run', '--json']);
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan).toMatchObject({ dryRun: true, method: 'GET' });
    expect(plan.url).toContain('/__emulator/chats?appkey=');
    expect(plan.url).not.toContain(t.device.appkey);
    expect(t.logged.requests.length).toBe(before);
    expect((await run(['emulator', 'outbox', '--follow', '--json'])).exitCode).toBe(2);
  });

  it('--follow shows the conversation so far once, then each message both ways as it comes, until Ctrl-C', async () => {
    await sendText('antes');
    const signals = new EventEmitter();
    const seen = { stdout: '', stderr: '' };
    const exit = runCli(['emulator', 'outbox', '--follow', '--to', CONTACT], {
      stdin: Readable.from([]),
      stdout: { write: (s: string) => (seen.stdout += s) },
      stderr: { write: (s: string) => (seen.stderr += s) },
      env: t.box.env({ CHATBOT_APPKEY: t.device.appkey }),
      signals,
    });
    await waitFor(() => seen.stderr.includes('Following new messages'), { what: 'the follow notice' });
    await sendText('durante');
    await sendText('outro chat', BRUNO);
    await inbound({ evento: 'text', mensagem: 'resposta' });
    await waitFor(() => seen.stdout.includes('"resposta"'), { what: () => `the contact's message in ${seen.stdout}` });
    signals.emit('SIGINT');
    expect(await exit).toBe(0);
    const kinds = seen.stdout
      .trim()
      .split('\n')
      .map((line) => /[→←] \d+ +\w+ +("[^"]*")/.exec(line)?.[1]);
    expect(kinds).toEqual(['"antes"', '"durante"', '"resposta"']);
  });
});

describe('emulator webhooks', () => {
  it('shows each delivery with its state, attempts and last error, and the counts per state', async () => {
    const empty = await run(['emulator', 'webhooks']);
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No webhook deliveries (0 pending, 0 delivered, 0 failed)');
    await post(`${t.url}/api/v2/qrcode`, {
      authkey: t.device.authkey,
      setAppkey: t.device.appkey,
      webhook: `http://127.0.0.1:${await freePort()}/hook`,
    });
    await sendText('ninguém escuta');
    const doc = await waitFor(
      async () => {
        const queue = JSON.parse((await run(['emulator', 'webhooks', '--json'])).stdout);
        return queue.entregas[0]?.tentativas >= 1 && queue;
      },
      { what: 'a first delivery attempt in the queue' },
    );
    expect(doc.contagem).toEqual({ pending: 1, delivered: 0, failed: 0 });
    expect(doc.entregas[0]).toMatchObject({
      estado: 'pending',
      evento: { evento: 'text', mensagem: 'ninguém escuta' },
    });
    const table = await run(['emulator', 'webhooks']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/pending\s.*text\s.*ECONNREFUSED/);
    expect(table.stdout).toContain(CONTACT_DIGITS);
    expect(table.stdout).toContain('1 pending, 0 delivered, 0 failed');
    const failedOnly = await run(['emulator', 'webhooks', '--state', 'failed']);
    expect(failedOnly.stdout).toContain('No webhook deliveries failed (1 pending, 0 delivered, 0 failed)');
  });

  it('a state that does not exist is exit 2 before any request', async () => {
    const before = t.logged.requests.length;
    const bad = await run(['emulator', 'webhooks', '--state', 'lost']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--state');
    expect(t.logged.requests.length).toBe(before);
  });
});

describe('emulator reset', () => {
  it('erases everything with --yes; without it (not interactive) exit 2 and nothing erased', async () => {
    const own = await startEmulator({ port: 0, db: ':memory:' });
    const ownBox = new Sandbox(own.url);
    try {
      const authkey = await registered(ownBox);
      const refused = await ownBox.run(['emulator', 'reset']);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain('--yes');
      expect((await post(`${own.url}/api/v2/qrcode`, { authkey })).status).toBe(200);
      const result = await ownBox.run(['emulator', 'reset', '--yes', '--json']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).status).toBe(200);
      expect((await post(`${own.url}/api/v2/qrcode`, { authkey })).status).toBe(401);
    } finally {
      ownBox.cleanup();
      await own.close();
    }
  });
});

describe('only against the local emulator', () => {
  it('a service that is not the emulator: exit 2 saying these commands need the local emulator', async () => {
    const other = await WebhookReceiver.start();
    try {
      const result = await run(['emulator', 'outbox', '--base-url', other.url.replace('/hook', '')]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('only work against the local emulator');
      expect(result.stderr).toContain('chatbot emulator start');
    } finally {
      await other.close();
    }
  });

  it('nothing listening: exit 7 saying these commands need the local emulator', async () => {
    const port = await freePort();
    const result = await run(['emulator', 'otp', '--to', CONTACT, '--base-url', `http://127.0.0.1:${port}`]);
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toContain('only work against the local emulator');
  });
});
