// The account the walk runs with: registered through stdin and at a terminal prompt, a device paired with a chosen
// appkey (then renamed, so its name is not its key) whose webhook is a spawned `chatbot listen`, and the groups,
// templates, messages and codes the commands refer to.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { newAccount, post, registerArgs, type Sandbox } from '../../cli/support/harness.js';
import { PtySession } from '../../cli/support/pty-session.js';
import type { Body } from '../../emulator/e2e/helpers/http.js';
import type { Shown } from './leaks.js';
import { CONTACT, type WalkSetup } from './walk.js';

export interface Profiles {
  profiles: Record<
    string,
    { authkey?: string; appkey?: string; devices?: { appkey: string; id: string; name: string }[] }
  >;
}

/** The config file of the sandbox as the CLI wrote it. */
export function storedProfiles(box: Sandbox): Profiles {
  return JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as Profiles;
}

/** Runs a command in this process that must succeed; returns what it printed, labelled. */
export async function mustRun(
  box: Sandbox,
  args: string[],
  input?: string,
  env?: Record<string, string>,
): Promise<Shown> {
  const result = await box.run(args, { ...(input === undefined ? {} : { input }), ...(env ? { env } : {}) });
  expect(result.exitCode, `chatbot ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return { where: `chatbot ${args.join(' ')}`, text: result.stdout + result.stderr };
}

/** `chatbot register` at a terminal: every value typed at its prompt, the password at the hidden one. */
export async function registerAtPrompt(box: Sandbox, profile: string, password: string): Promise<Shown> {
  const account = newAccount();
  const pty = new PtySession(['register'], box.env({ CI: undefined, TERM: 'xterm', CHATBOT_PROFILE: profile }));
  try {
    for (const [prompt, answer] of [
      ['Full name', account.name],
      ['E-mail', account.email],
      ['Phone (', account.phone],
      ['Plan ID', account.plan],
      ['Password', password],
      ['Password again', password],
    ] as const) {
      await pty.expect(prompt);
      pty.send(`${answer}\r`);
    }
    await pty.expect(`Registered ${account.name}`);
    expect(await pty.exit()).toBe(0);
    return { where: 'chatbot register (at a terminal)', text: pty.screen };
  } finally {
    pty.kill();
  }
}

/** Registers through --password-stdin; returns the output and the stored authkey. */
export async function registerThroughStdin(box: Sandbox, password: string): Promise<{ shown: Shown; authkey: string }> {
  const shown = await mustRun(box, registerArgs(newAccount()), password);
  const authkey = storedProfiles(box).profiles.default?.authkey;
  if (!authkey) throw new Error('register stored no authkey');
  return { shown, authkey };
}

async function control(url: string, route: string, body: Record<string, unknown>): Promise<Body> {
  const reply = await post(`${url}${route}`, body);
  expect(reply.status, JSON.stringify(reply)).toBe(200);
  return reply;
}

/** Pairs the walk's device through the CLI (outputs returned: they show the chosen appkey as the device's name). */
export async function pairMainDevice(box: Sandbox, appkey: string, webhook: string): Promise<Shown[]> {
  return [
    await mustRun(box, ['pair', '--name', appkey, '--webhook', webhook, '--no-wait']),
    await mustRun(box, ['emulator', 'connect', appkey]),
    await mustRun(box, ['devices', 'check', appkey]),
    await mustRun(box, ['name', 'set', 'Loja', 'do', 'Teste']),
  ];
}

/** Everything else the walk's commands refer to, made straight through the service and the control API. */
export async function walkData(box: Sandbox, authkey: string, appkey: string, spareAppkey: string): Promise<WalkSetup> {
  const url = box.baseUrl;
  const keys = { authkey, appkey };
  const check = async (ref: string) =>
    (await control(url, '/api/developer', { authkey, message: ref, checkDispositivo: true })).dispositivo.id as string;
  await control(url, '/api/v2/qrcode', { authkey, setAppkey: spareAppkey });
  // Pairing names a device after its setAppkey; renamed, its name no longer shows the key.
  await control(url, '/api/settings', { authkey, appkey: spareAppkey, message: 'Aparelho reserva', altereNome: true });
  const group = await control(url, '/__emulator/groups', { appkey, titulo: 'Clientes' });
  const template = await control(url, '/__emulator/templates', { authkey, texto: 'Olá {{nome}}', botoes: ['Sim'] });
  const otp = await control(url, '/__emulator/otp', { appkey, to: CONTACT });
  const text = await control(url, '/api/create-message', { ...keys, to: CONTACT, message: 'oi' });
  const buttons = await control(url, '/api/create-message', {
    ...keys,
    to: CONTACT,
    message: 'Escolha',
    buttons: [{ type: 'replyButton', displaytext: 'Sim' }],
  });
  const poll = await control(url, '/api/create-message', {
    ...keys,
    to: CONTACT,
    message: 'Qual?',
    opcoes: ['Manga', 'Caju'],
  });
  const agent = await control(url, '/api/v2/ia', { authkey, device: appkey, agent_name: 'Agente do passeio' });
  const schedule = await control(url, '/api/create-message', {
    ...keys,
    to: CONTACT,
    message: 'depois',
    agendamento: '2099-01-01 12:00:00',
  });
  const cardsFile = join(box.home, 'cards.json');
  writeFileSync(
    cardsFile,
    JSON.stringify([
      {
        image_url: 'https://example.com/a.jpg',
        title: 'Oferta',
        buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'q' }],
      },
    ]),
  );
  // No `device:`: chatbot test takes the profile's appkey, a key that its report must not show whole.
  const conversationFile = join(box.home, 'conversa.yaml');
  writeFileSync(conversationFile, 'conversations:\n  - name: passeio\n    steps:\n      - say: oi\n');
  const batchFile = join(box.home, `lote-${randomUUID()}.csv`);
  writeFileSync(batchFile, `to,message,nome\n${CONTACT},primeira linha,Ana\n+5531987654321,segunda linha,Bia\n`);
  return {
    home: box.home,
    emulatorUrl: url,
    authkey,
    deviceId: await check(appkey),
    deviceName: 'Loja do Teste',
    spareDeviceId: await check(spareAppkey),
    groupId: group.grupo,
    templateId: template.template_id,
    textId: text.data.idMensagem,
    buttonsId: buttons.data.idMensagem,
    pollId: poll.data.idMensagem,
    otpCode: otp.code,
    cardsFile,
    conversationFile,
    batchFile,
    scheduleId: schedule.agendamento_id,
    agentId: agent.agent_id,
  };
}
