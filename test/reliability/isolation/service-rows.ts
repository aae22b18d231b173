// The matrix rows of the operations of the service's reference: B's authkey with A's appkey, device ids and names, group ids,
// template ids, message ids and OTP codes.
import { expect } from 'vitest';
import { CONTACT, registrationBody } from '../../emulator/e2e/helpers/fixtures.js';
import { expectOk, getJson, postJson } from '../../emulator/e2e/helpers/http.js';
import { GROUP_NOT_FOUND, NO_DEVICE, withAsDevice, type Attempt, type Row } from './attempt.js';
import type { World } from './world.js';

const CM = '/api/create-message';
const DUPLICATE = 'Usuario ja registrado com este e-mail.';

/** B's authkey with each of A's device references where the operation takes a device (createAgent, deleteDevice, checkDevice). */
function deviceRefs(world: World, path: string, field: string, body: Record<string, unknown>): Attempt[] {
  const { a, b } = world;
  const refs: [string, string][] = [
    ['device id', a.deviceId],
    ['device name', a.deviceName],
    ['appkey', a.appkey],
  ];
  return refs.map(([kind, ref]) => ({
    what: `A's ${kind} as ${field}`,
    path,
    body: { ...body, authkey: b.authkey, [field]: ref },
    status: 404,
    message: NO_DEVICE,
  }));
}

/** B's own keys aimed at one of A's groups by id, invite link or bare invite code. */
function groupAttempts(world: World, body: (group: string) => Record<string, unknown>, refs: 'id' | 'all'): Attempt[] {
  const { a, b } = world;
  const all: [string, string][] = [
    ['group id', a.groupId],
    ['invite link', a.invite],
    ['invite code', a.invite.split('/').pop() ?? ''],
  ];
  return all.slice(0, refs === 'id' ? 1 : 3).map(([kind, ref]) => ({
    what: `B's appkey with A's ${kind}`,
    path: '/api/groups',
    body: { ...b.keys, ...body(ref) },
    status: 404,
    message: GROUP_NOT_FOUND,
  }));
}

async function loginWorks(world: World): Promise<number> {
  const { a, b } = world;
  const login = expectOk(await postJson(world.url, '/api/auth', { auth: 'login', email: a.email, senha: a.senha }));
  expect(login.data.authkey).toBe(a.authkey);
  const wrong = await postJson(world.url, '/api/auth', { auth: 'login', email: a.email, senha: b.senha });
  expect(wrong.status).toBe(401);
  expect(wrong.body.message).toBe('E-mail ou senha inválidos.');
  return 2;
}

async function ownListOnly(world: World): Promise<number> {
  const { a, b } = world;
  const list = expectOk(
    await postJson(world.url, '/api/developer', { authkey: b.authkey, message: false, dispositivos: true }),
  );
  expect(list.dispositivos.map((d: { id: string }) => d.id)).toEqual([b.deviceId]);
  const shown = JSON.stringify(list);
  for (const value of [a.authkey, a.appkey, a.deviceId, a.deviceName]) expect(shown).not.toContain(value);
  return 1;
}

/** The seed lets sendReaction's id be any message id, so B may react to an id it learnt; the reaction stays B's. */
async function reactionStaysB(world: World): Promise<number> {
  const { a, b } = world;
  expectOk(
    await postJson(world.url, CM, { ...b.keys, to: CONTACT, message: '👍', id: a.textId, reactionMessage: true }),
  );
  const outbox = expectOk(await getJson(world.url, `/__emulator/outbox?appkey=${encodeURIComponent(b.appkey)}`));
  expect(outbox.mensagens.at(-1)).toMatchObject({ kind: 'reaction' });
  return 1;
}

export const SERVICE_ROWS: Row[] = [
  {
    op: 'createAgent',
    title: 'create AI agent',
    attempts: (w) => deviceRefs(w, '/api/v2/ia', 'device', { agent_name: 'ladrão' }),
  },
  {
    op: 'register',
    title: 'register user',
    note: "registration takes no key: B registering A's e-mail gets 409, and A's password still logs A in",
    attempts: ({ a }) => [
      {
        what: "A's e-mail",
        path: '/api/auth',
        body: registrationBody({ email: a.email }),
        status: 409,
        message: DUPLICATE,
      },
      {
        what: "A's e-mail in capitals",
        path: '/api/auth',
        body: registrationBody({ email: a.email.toUpperCase() }),
        status: 409,
        message: DUPLICATE,
      },
    ],
    check: loginWorks,
  },
  {
    op: 'pairDevice',
    title: 'pair a device',
    note: "the seed's pairing refusal is 400 Parâmetros inválidos. (docs/emulator.md: a setAppkey naming another account's device)",
    attempts: ({ a, b }) => [
      {
        what: "A's appkey as setAppkey",
        path: '/api/v2/qrcode',
        body: { authkey: b.authkey, setAppkey: a.appkey },
        status: 400,
        message: 'Parâmetros inválidos.',
      },
      {
        what: "A's appkey as setAppkey with a webhook and phone",
        path: '/api/v2/qrcode',
        body: { authkey: b.authkey, setAppkey: a.appkey, webhook: 'http://127.0.0.1:9/roubo', phone: CONTACT },
        status: 400,
        message: 'Parâmetros inválidos.',
      },
    ],
  },
  { op: 'postStory', title: 'post status', attempts: (w) => withAsDevice(w, CM, { story: true, message: 'roubado' }) },
  {
    op: 'sendCarousel',
    title: 'send carousel',
    attempts: (w) =>
      withAsDevice(w, CM, {
        to: CONTACT,
        message: 'roubado',
        cards: [{ title: 'T', buttons: [{ type: 'quickReplyButton', displaytext: 'Ok', id: 'ok' }] }],
      }),
  },
  {
    op: 'sendButtons',
    title: 'send buttons',
    attempts: (w) =>
      withAsDevice(w, CM, { to: CONTACT, message: 'roubado', buttons: [{ type: 'replyButton', displaytext: 'Sim' }] }),
  },
  {
    op: 'sendLocation',
    title: 'send location',
    attempts: (w) => withAsDevice(w, CM, { to: CONTACT, latitude: '-8.05', longitude: '-34.88' }),
  },
  {
    op: 'sendPoll',
    title: 'send poll',
    attempts: (w) => withAsDevice(w, CM, { to: CONTACT, message: 'roubo?', opcoes: ['Sim', 'Não'] }),
  },
  {
    op: 'sendReaction',
    title: 'react to a message',
    note: "also: B's own appkey reacting to A's message id is accepted (the seed takes any id) and stays in B's outbox",
    attempts: (w) => withAsDevice(w, CM, { to: CONTACT, message: '👍', id: w.a.textId, reactionMessage: true }),
    check: reactionStaysB,
  },
  {
    op: 'sendTemplate',
    title: 'send template',
    attempts: (w) => [
      ...withAsDevice(w, CM, { to: CONTACT, template_id: w.a.templateId, variables: { nome: 'Ana' } }),
      {
        what: "B's appkey with A's template id",
        path: CM,
        body: { ...w.b.keys, to: CONTACT, template_id: w.a.templateId, variables: { nome: 'Ana' } },
        status: 404,
        message: 'Template não encontrado.',
      },
    ],
  },
  {
    op: 'scheduleMessage',
    title: 'schedule message',
    attempts: (w) => withAsDevice(w, CM, { to: CONTACT, message: 'roubado', agendamento: '2099-01-01 10:00:00' }),
  },
  { op: 'sendText', title: 'send text', attempts: (w) => withAsDevice(w, CM, { to: CONTACT, message: 'roubado' }) },
  {
    op: 'verifyOtp',
    title: 'verify OTP',
    attempts: (w) => [
      ...withAsDevice(w, CM, { to: CONTACT, message: false, verificarOTP: w.a.otpCode }),
      {
        what: "B's appkey with A's OTP code",
        path: CM,
        body: { ...w.b.keys, to: CONTACT, message: false, verificarOTP: w.a.otpCode },
        status: 401,
        message: 'OTP inválido ou expirado.',
        valid: false,
      },
    ],
  },
  {
    op: 'groupInfo',
    title: 'group information',
    attempts: (w) => [
      ...withAsDevice(w, '/api/groups', { message: false, infoConvite: w.a.groupId }),
      ...groupAttempts(w, (g) => ({ message: false, infoConvite: g }), 'all'),
    ],
  },
  {
    op: 'renameGroup',
    title: 'change group title',
    attempts: (w) => [
      ...withAsDevice(w, '/api/groups', { message: 'Roubado', to: w.a.groupId, tituloGrupo: true }),
      ...groupAttempts(w, (g) => ({ message: 'Roubado', to: g, tituloGrupo: true }), 'id'),
    ],
  },
  {
    op: 'groupInvite',
    title: 'get group invite',
    attempts: (w) => [
      ...withAsDevice(w, '/api/groups', { message: false, obterConvite: w.a.groupId }),
      ...groupAttempts(w, (g) => ({ message: false, obterConvite: g }), 'id'),
    ],
  },
  {
    op: 'userStatus',
    title: 'get user status',
    attempts: (w) => withAsDevice(w, '/api/settings', { to: CONTACT, message: false, obterStatus: true }),
  },
  {
    op: 'renameDevice',
    title: 'change name',
    attempts: (w) => withAsDevice(w, '/api/settings', { message: 'Roubado', altereNome: true }),
  },
  {
    op: 'switchWebhook',
    title: 'switch webhook',
    attempts: (w) => [
      ...withAsDevice(w, '/api/settings', { type: 'chat', message: w.a.deviceId, statusWebhook: false }),
      ...[
        ['device id', w.a.deviceId],
        ['device name', w.a.deviceName],
        ['appkey', w.a.appkey],
      ].map(([kind, ref]): Attempt => ({
        what: `B's keys with A's ${kind} as message`,
        path: '/api/settings',
        body: { ...w.b.keys, type: 'grupo', message: ref, statusWebhook: true },
        status: 404,
        message: NO_DEVICE,
      })),
    ],
  },
  {
    op: 'deleteDevice',
    title: 'delete device',
    attempts: (w) => deviceRefs(w, '/api/developer', 'message', { apagarDispositivo: true }),
  },
  {
    op: 'listDevices',
    title: 'list devices',
    note: "takes only the caller's authkey, so there is nothing of A's to pass: B's list holds B's device alone and names nothing of A's",
    attempts: () => [],
    check: ownListOnly,
  },
  {
    op: 'checkDevice',
    title: 'device status',
    attempts: (w) => deviceRefs(w, '/api/developer', 'message', { checkDispositivo: true }),
  },
];
