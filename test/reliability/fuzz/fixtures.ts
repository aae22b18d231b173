// Real accounts, devices, groups, templates, an OTP and sent messages whose keys and ids the generated bodies mix
// in, so fuzzing reaches past the key checks. Fuzzed bodies may delete, re-pair, rename or disconnect some of them:
// `restoreKeyring` brings them back before each endpoint.
import { randomUUID } from 'node:crypto';
import type { StateProbe } from './state.js';

export const CONTACT = '+5521998765432';
export const DEAD_URL = 'http://127.0.0.1:1/hook';

export interface AccountKeys {
  authkey: string;
  email: string;
  senha: string;
}

export interface DeviceKeys {
  /** The account the device belongs to. */
  authkey: string;
  appkey: string;
  id: string;
  nome: string;
  webhook: string;
}

export interface GroupKeys {
  id: string;
  convite: string;
  /** The appkey of the device the group belongs to. */
  appkey: string;
}

export interface Keyring {
  main: AccountKeys;
  other: AccountKeys;
  /** Main account; sends of the alive check. Never offered to operations that delete or re-pair a device. */
  device: DeviceKeys;
  /** Main account; offered to delete, re-pair, rename and disconnect. */
  victims: DeviceKeys[];
  /** Second account: cross-account keys must be refused. */
  otherDevice: DeviceKeys;
  /** Main account; only its outbox and webhook queue are read (they stay small). */
  quiet: DeviceKeys;
  group: GroupKeys;
  otherGroup: GroupKeys;
  template: string;
  otherTemplate: string;
  /** A live OTP code of `device` for CONTACT. */
  otp: string;
  /** Ids of messages `device` sent: text, buttons, carousel, poll, template. */
  sent: Record<'text' | 'buttons' | 'carousel' | 'poll' | 'template', string>;
  sinkUrl: string;
}

type Body = Record<string, unknown>;

/** A setup call that must succeed. */
async function call(url: string, path: string, body: Body): Promise<Body> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`fixture ${path} ${JSON.stringify(body)} → HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Body;
}

async function register(url: string, label: string): Promise<AccountKeys> {
  const email = `fuzz-${label}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const senha = `Senha-${randomUUID()}`;
  const reply = await call(url, '/api/auth', {
    email,
    senha,
    nome: `Conta ${label}`,
    telefone: '+5511912345678',
    plano: '1',
    auth: 'registrar',
  });
  return { authkey: String((reply.data as Body).authkey), email, senha };
}

/** Pairs (or re-pairs) the device named by its appkey, connects it, and reads its id and name from the database. */
async function pair(
  url: string,
  probe: StateProbe,
  keys: Pick<DeviceKeys, 'authkey' | 'appkey' | 'webhook'>,
): Promise<DeviceKeys> {
  await call(url, '/api/v2/qrcode', { authkey: keys.authkey, setAppkey: keys.appkey, webhook: keys.webhook });
  await call(url, '/__emulator/connect', { appkey: keys.appkey });
  return withRow(probe, keys);
}

function withRow(probe: StateProbe, keys: Pick<DeviceKeys, 'authkey' | 'appkey' | 'webhook'>): DeviceKeys {
  const row = probe.deviceByAppkey(keys.appkey);
  if (!row) throw new Error(`fixture device ${keys.appkey} is not in the database`);
  return { ...keys, id: row.id, nome: row.nome };
}

async function createGroup(url: string, appkey: string): Promise<GroupKeys> {
  const reply = await call(url, '/__emulator/groups', {
    appkey,
    titulo: 'Grupo do fuzz',
    descricao: 'clientes',
    participantes: [{ id: '5521998765432', admin: true }, '5531987654321'],
  });
  return { id: String(reply.grupo), convite: String(reply.convite), appkey };
}

async function createTemplate(url: string, authkey: string): Promise<string> {
  const reply = await call(url, '/__emulator/templates', {
    authkey,
    texto: 'Olá {{nome}}, pedido {{ pedido }}',
    botoes: ['Confirmar', { id: 'n', texto: 'Não' }],
  });
  return String(reply.template_id);
}

async function issueOtp(url: string, appkey: string): Promise<string> {
  return String((await call(url, '/__emulator/otp', { appkey, to: CONTACT })).code);
}

async function sendAll(url: string, device: DeviceKeys, template: string): Promise<Keyring['sent']> {
  const keys = { authkey: device.authkey, appkey: device.appkey, to: CONTACT };
  const id = (reply: Body) => String((reply.data as Body).idMensagem);
  const post = (body: Body) => call(url, '/api/create-message', { ...keys, ...body });
  return {
    text: id(await post({ message: 'Olá' })),
    buttons: id(await post({ message: 'Escolha', buttons: [{ type: 'replyButton', displaytext: 'Sim', id: 's' }] })),
    carousel: id(
      await post({
        message: 'Cards',
        cards: [{ title: 'A', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'q' }] }],
      }),
    ),
    poll: id(await post({ message: 'Fruta?', opcoes: ['Manga', 'Caju'], multiplaEscolha: true })),
    template: id(await post({ template_id: template, variables: { nome: 'Ana', pedido: '42' } })),
  };
}

/** Registers two accounts and sets up every fixture the generators draw keys and ids from. */
export async function setUpKeyring(url: string, probe: StateProbe, sinkUrl: string): Promise<Keyring> {
  const main = await register(url, 'principal');
  const other = await register(url, 'outra');
  const name = (label: string) => `fuzz-${label}-${randomUUID().slice(0, 8)}`;
  const device = await pair(url, probe, { authkey: main.authkey, appkey: name('principal'), webhook: sinkUrl });
  const victims: DeviceKeys[] = [];
  for (const webhook of [sinkUrl, DEAD_URL, sinkUrl])
    victims.push(await pair(url, probe, { authkey: main.authkey, appkey: name('vitima'), webhook }));
  const otherDevice = await pair(url, probe, { authkey: other.authkey, appkey: name('outro'), webhook: sinkUrl });
  const quiet = await pair(url, probe, { authkey: main.authkey, appkey: name('quieto'), webhook: sinkUrl });
  await call(url, '/api/create-message', { authkey: main.authkey, appkey: quiet.appkey, to: CONTACT, message: 'Oi' });
  const template = await createTemplate(url, main.authkey);
  return {
    main,
    other,
    device,
    victims,
    otherDevice,
    quiet,
    group: await createGroup(url, device.appkey),
    otherGroup: await createGroup(url, otherDevice.appkey),
    template,
    otherTemplate: await createTemplate(url, other.authkey),
    otp: await issueOtp(url, device.appkey),
    sent: await sendAll(url, device, template),
    sinkUrl,
  };
}

/** Brings back what fuzzed bodies took away: deleted or disconnected devices, their groups, a fresh OTP. */
export async function restoreKeyring(url: string, probe: StateProbe, keyring: Keyring): Promise<void> {
  const restore = async (keys: DeviceKeys): Promise<DeviceKeys> => {
    const row = probe.deviceByAppkey(keys.appkey);
    if (!row) return pair(url, probe, keys);
    if (row.conectado !== 1) await call(url, '/__emulator/connect', { appkey: keys.appkey });
    return withRow(probe, keys);
  };
  keyring.device = await restore(keyring.device);
  keyring.victims = await Promise.all(keyring.victims.map(restore));
  keyring.otherDevice = await restore(keyring.otherDevice);
  keyring.quiet = await restore(keyring.quiet);
  if (!probe.groupExists(keyring.group.id)) keyring.group = await createGroup(url, keyring.device.appkey);
  if (!probe.groupExists(keyring.otherGroup.id))
    keyring.otherGroup = await createGroup(url, keyring.otherDevice.appkey);
  if (!probe.messageExists(keyring.sent.poll)) keyring.sent = await sendAll(url, keyring.device, keyring.template);
  keyring.otp = await issueOtp(url, keyring.device.appkey);
}

/** The fixture rows a rejected request must leave exactly as they were. */
export function fixtureRows(keyring: Keyring): { deviceIds: string[]; groupIds: string[] } {
  const devices = [keyring.device, ...keyring.victims, keyring.otherDevice, keyring.quiet];
  return { deviceIds: devices.map((d) => d.id), groupIds: [keyring.group.id, keyring.otherGroup.id] };
}
