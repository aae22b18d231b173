// Two accounts, A and B, each with everything the operations of the service's reference can point at: a connected device with a
// webhook, a group, a template, an OTP code, sent messages, a schedule, an agent and a contact's inbound text.
import { randomUUID } from 'node:crypto';
import { CONTACT, DEVICE_PHONE, registerAccount } from '../../emulator/e2e/helpers/fixtures.js';
import { expectOk, getJson, postJson, type Body } from '../../emulator/e2e/helpers/http.js';
import { waitFor } from '../../support/wait-for.js';
import type { WebhookReceiver } from '../../emulator/e2e/helpers/webhook-receiver.js';

export interface Party {
  who: string;
  authkey: string;
  email: string;
  senha: string;
  appkey: string;
  deviceId: string;
  /** Differs from the appkey (renamed with renameDevice), so name, id and appkey are three separate references. */
  deviceName: string;
  groupId: string;
  groupTitle: string;
  invite: string;
  templateId: string;
  templateText: string;
  otpCode: string;
  textId: string;
  texts: string[];
  buttonsId: string;
  pollId: string;
  scheduleId: string;
  agentId: string;
  keys: { authkey: string; appkey: string };
}

export interface World {
  url: string;
  a: Party;
  b: Party;
}

const CM = '/api/create-message';

async function ok(url: string, path: string, body: Record<string, unknown>): Promise<Body> {
  return expectOk(await postJson(url, path, body));
}

async function pairedDevice(url: string, authkey: string, who: string, webhook: string) {
  const appkey = `${who}-appkey-${randomUUID()}`;
  await ok(url, '/api/v2/qrcode', { authkey, setAppkey: appkey, webhook, phone: DEVICE_PHONE });
  await ok(url, '/__emulator/connect', { appkey, telefone: DEVICE_PHONE });
  const deviceName = `Loja ${who} ${randomUUID().slice(0, 6)}`;
  await ok(url, '/api/settings', { authkey, appkey, message: deviceName, altereNome: true });
  const checked = await ok(url, '/api/developer', { authkey, message: deviceName, checkDispositivo: true });
  return { appkey, deviceName, deviceId: String(checked.dispositivo.id) };
}

async function sends(url: string, keys: Party['keys'], who: string) {
  const texts = [`texto privado de ${who} ${randomUUID()}`];
  const text = await ok(url, CM, { ...keys, to: CONTACT, message: texts[0] });
  const buttons = await ok(url, CM, {
    ...keys,
    to: CONTACT,
    message: `botões de ${who}`,
    buttons: [{ type: 'replyButton', displaytext: 'Sim' }],
  });
  const poll = await ok(url, CM, { ...keys, to: CONTACT, message: `enquete de ${who}?`, opcoes: ['Manga', 'Caju'] });
  const schedule = await ok(url, CM, {
    ...keys,
    to: CONTACT,
    message: `agendada de ${who}`,
    agendamento: '2099-01-01 10:00:00',
  });
  return {
    texts,
    textId: String(text.data.idMensagem),
    buttonsId: String(buttons.data.idMensagem),
    pollId: String(poll.data.idMensagem),
    scheduleId: String(schedule.agendamento_id),
  };
}

/** Registers `who` and gives it every kind of state the matrix tries to reach. */
export async function buildParty(url: string, who: string, receiver: WebhookReceiver): Promise<Party> {
  const account = await registerAccount(url, { nome: `Pessoa ${who}` });
  const authkey = account.authkey;
  const device = await pairedDevice(url, authkey, who, receiver.url);
  const keys = { authkey, appkey: device.appkey };
  const groupTitle = `Grupo privado de ${who} ${randomUUID().slice(0, 6)}`;
  const group = await ok(url, '/__emulator/groups', {
    appkey: device.appkey,
    titulo: groupTitle,
    participantes: [{ id: CONTACT, admin: true }],
  });
  const templateText = `Olá {{nome}}, modelo privado de ${who} ${randomUUID().slice(0, 6)}`;
  const template = await ok(url, '/__emulator/templates', { authkey, texto: templateText, botoes: ['Confirmar'] });
  const otp = await ok(url, '/__emulator/otp', { appkey: device.appkey, to: CONTACT });
  const sent = await sends(url, keys, who);
  const agent = await ok(url, '/api/v2/ia', { authkey, device: device.deviceId, agent_name: `agente de ${who}` });
  await ok(url, '/__emulator/inbound', { appkey: device.appkey, evento: 'text', de: CONTACT, mensagem: `oi ${who}` });
  await ok(url, '/api/settings', { ...keys, type: 'grupo', message: device.deviceId, statusWebhook: false });
  return {
    who,
    authkey,
    email: account.email,
    senha: account.senha,
    ...device,
    keys,
    groupId: String(group.grupo),
    groupTitle,
    invite: String(group.convite),
    templateId: String(template.template_id),
    templateText,
    otpCode: String(otp.code),
    ...sent,
    agentId: String(agent.agent_id),
  };
}

/** Waits until no webhook delivery of the device is pending, so the queue no longer changes by itself. */
export async function settleDeliveries(url: string, appkey: string): Promise<void> {
  await waitFor(
    async () => {
      const reply = await getJson(url, `/__emulator/webhooks?appkey=${encodeURIComponent(appkey)}`);
      const entregas = expectOk(reply).entregas as Array<{ estado: string }>;
      return entregas.every((e) => e.estado !== 'pending');
    },
    { what: `webhook deliveries of ${appkey} to settle` },
  );
}
