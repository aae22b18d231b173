// The endpoints fuzzed: every operation of the service's reference and the /__emulator/* control routes that read a body,
// each with the fields it reads and values drawn from the keyring.
import fc from 'fast-check';
import type { FieldSpec } from './bodies.js';
import type { Keyring } from './fixtures.js';
import { mostly, type Model } from './hostile.js';
import * as v from './values.js';

export interface Endpoint {
  label: string;
  path: string;
  fields(k: Keyring): FieldSpec[];
}

type Arb = fc.Arbitrary<Model>;

function specs(entries: Record<string, Arb>): FieldSpec[] {
  return Object.entries(entries).map(([name, valid]) => ({ name, valid }));
}

/** appkey + authkey of the main device, as every messaging, group and settings call carries them. */
function keys(k: Keyring): Record<string, Arb> {
  return { authkey: v.authkey(k), appkey: v.appkey(k) };
}

const CREATE = '/api/create-message';

export const SERVICE_ENDPOINTS: readonly Endpoint[] = [
  {
    label: 'createAgent',
    path: '/api/v2/ia',
    fields: (k) => specs({ authkey: v.authkey(k), device: v.anyDevice(k), agent_name: v.text }),
  },
  {
    label: 'register',
    path: '/api/auth',
    fields: (k) =>
      specs({
        email: fc.oneof(
          { weight: 6, arbitrary: fc.uuid().map((id) => `fuzz-${id.slice(0, 13)}@exemplo.com.br`) },
          {
            weight: 3,
            arbitrary: fc.constantFrom(k.main.email, k.main.email.toUpperCase(), 'sem-arroba', 'a@b', ' @x.com'),
          },
        ),
        senha: fc.oneof(v.text, fc.constant(k.main.senha)),
        nome: v.text,
        telefone: v.phone,
        plano: fc.constantFrom('1', 1, 'ouro', 0, ''),
        auth: fc.oneof(
          { weight: 6, arbitrary: fc.constant('registrar') },
          { weight: 2, arbitrary: fc.constantFrom('login', 'REGISTRAR', 'x') },
        ),
      }),
  },
  {
    label: 'pairDevice',
    path: '/api/v2/qrcode',
    fields: (k) =>
      specs({
        authkey: v.authkey(k),
        setAppkey: fc.oneof(
          { weight: 3, arbitrary: fc.uuid().map((id) => `fuzz-novo-${id.slice(0, 8)}`) },
          { weight: 2, arbitrary: fc.constantFrom(...k.victims.map((d) => d.appkey), k.otherDevice.appkey) },
          { weight: 1, arbitrary: fc.constantFrom(' espaco', 'a'.repeat(65), 'x\u0000y', 'tab\t') },
        ),
        phone: v.phone,
        webhook: v.webhook(k),
      }),
  },
  {
    label: 'postStory',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        story: v.trueFlag,
        message: v.text,
        file: v.httpFile,
        backgroundColor: fc.constantFrom('#FF0000', 'abc', '#12345678', 'red', '#12'),
      }),
  },
  {
    label: 'sendCarousel',
    path: CREATE,
    fields: (k) => specs({ ...keys(k), to: v.recipient(k), message: v.text, footer_text: v.text, cards: v.cards }),
  },
  {
    label: 'sendButtons',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        to: v.recipient(k),
        message: v.text,
        header_title: v.text,
        footer_text: v.text,
        buttons: v.buttons('buttons'),
      }),
  },
  {
    label: 'sendLocation',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        to: v.recipient(k),
        message: v.text,
        latitude: v.coordinate(90),
        longitude: v.coordinate(180),
      }),
  },
  {
    label: 'sendPoll',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        to: v.recipient(k),
        message: v.text,
        opcoes: v.pollOptions,
        multiplaEscolha: fc.oneof(v.trueFlag, v.falseFlag),
      }),
  },
  {
    label: 'sendReaction',
    path: CREATE,
    fields: (k) =>
      specs({ ...keys(k), to: v.recipient(k), message: v.emoji, id: v.messageId(k), reactionMessage: v.trueFlag }),
  },
  {
    label: 'sendTemplate',
    path: CREATE,
    fields: (k) => specs({ ...keys(k), to: v.recipient(k), template_id: v.templateId(k), variables: v.variables }),
  },
  {
    label: 'scheduleMessage',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        to: v.scheduleTo(k),
        agendamento: v.agendamento,
        message: v.text,
        file: v.httpFile,
        nomearquivo: v.text,
      }),
  },
  { label: 'sendText', path: CREATE, fields: (k) => specs({ ...keys(k), to: v.recipient(k), message: v.text }) },
  {
    label: 'verifyOtp',
    path: CREATE,
    fields: (k) =>
      specs({
        ...keys(k),
        to: v.phone,
        message: v.falseFlag,
        verificarOTP: fc.constantFrom(k.otp, Number(k.otp), ` ${k.otp} `, '000000', '', 123),
      }),
  },
  {
    label: 'groupInfo',
    path: '/api/groups',
    fields: (k) => specs({ ...keys(k), message: v.falseFlag, infoConvite: v.groupRef(k) }),
  },
  {
    label: 'renameGroup',
    path: '/api/groups',
    fields: (k) =>
      specs({
        ...keys(k),
        message: fc.oneof({ weight: 8, arbitrary: v.text }, { weight: 1, arbitrary: fc.constant('t'.repeat(101)) }),
        to: fc.oneof({ weight: 3, arbitrary: fc.constant(k.group.id) }, { weight: 1, arbitrary: v.groupRef(k) }),
        tituloGrupo: v.trueFlag,
      }),
  },
  {
    label: 'groupInvite',
    path: '/api/groups',
    fields: (k) => specs({ ...keys(k), message: v.falseFlag, obterConvite: v.groupRef(k) }),
  },
  {
    label: 'userStatus',
    path: '/api/settings',
    fields: (k) => specs({ ...keys(k), to: v.phone, message: v.falseFlag, obterStatus: v.trueFlag }),
  },
  {
    label: 'renameDevice',
    path: '/api/settings',
    fields: (k) =>
      specs({ ...keys(k), message: fc.oneof(v.text, fc.constant('n'.repeat(101))), altereNome: v.trueFlag }),
  },
  {
    label: 'switchWebhook',
    path: '/api/settings',
    fields: (k) =>
      specs({
        ...keys(k),
        type: fc.constantFrom('chat', 'grupo', 'chat', 'grupo', 'CHAT', 'x'),
        message: fc.constantFrom(k.device.id, k.device.nome, k.device.appkey, k.victims[0]?.id ?? '', 'outro'),
        statusWebhook: fc.oneof(v.trueFlag, v.falseFlag),
      }),
  },
  {
    label: 'deleteDevice',
    path: '/api/developer',
    fields: (k) => specs({ authkey: v.authkey(k), message: v.expendableDevice(k), apagarDispositivo: v.trueFlag }),
  },
  {
    label: 'listDevices',
    path: '/api/developer',
    fields: (k) => specs({ authkey: v.authkey(k), message: v.falseFlag, dispositivos: v.trueFlag }),
  },
  {
    label: 'checkDevice',
    path: '/api/developer',
    fields: (k) => specs({ authkey: v.authkey(k), message: v.expendableDevice(k), checkDispositivo: v.trueFlag }),
  },
];

/** Appkeys the control routes may change (connect, disconnect): the main device too, restored afterwards. */
function controlAppkey(k: Keyring): Arb {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(k.device.appkey) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...k.victims.map((d) => d.appkey), k.otherDevice.appkey, 'nao-existe', ''),
    },
  );
}

/** Appkeys whose outbox and webhook queue are small enough to read thousands of times. */
function readAppkey(k: Keyring): Arb {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(k.quiet.appkey) },
    { weight: 1, arbitrary: fc.constantFrom('nao-existe', ' ') },
  );
}

const participants: Arb = fc.oneof(
  fc.array(mostly(fc.record({ id: v.phone, admin: fc.oneof(v.trueFlag, v.falseFlag) })), { maxLength: 4 }),
  fc.array(v.phone, { maxLength: 4 }),
  fc.constantFrom('[{"id":"5521998765432","admin":true}]', '[', 'x'),
);

const templateButtons: Arb = fc.oneof(
  fc.array(mostly(v.text), { maxLength: 4 }),
  fc.array(
    fc.record({ id: v.text, texto: v.text }, { requiredKeys: ['texto'] }).map((b) => b as Model),
    { maxLength: 4 },
  ),
  fc.constantFrom('["Sim","Não"]', '{', ''),
);

/** The event named, now and then another or an unknown one. */
function usuallyEvent(evento: string): Arb {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(evento) },
    { weight: 1, arbitrary: fc.constantFrom('text', 'button', 'agendamento', 'x', 'TEXT') },
  );
}

/** Each inbound event with the fields it reads, so clicks and votes name real messages and their real choices. */
const INBOUND_EVENTS: ReadonlyArray<readonly [string, (k: Keyring) => Record<string, Arb>]> = [
  [
    'text',
    (k) => ({
      mensagem: v.text,
      grupo: fc.constantFrom(k.group.id, '120363000000000000@g.us', 'nao-grupo'),
      nome: v.text,
    }),
  ],
  [
    'button',
    (k) => ({
      idMensagem: fc.oneof(
        { weight: 4, arbitrary: fc.constant(k.sent.buttons) },
        { weight: 1, arbitrary: fc.constantFrom(k.sent.carousel, k.sent.template, k.sent.text, '3EB0000000000000000') },
      ),
      opcao: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<Model>('s', 'Sim', { id: 's' }, { texto: 'Sim' }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Model>('q', 'Quero', 'Confirmar', 'n', 'Não', '1', 'nada', { id: 'x' }),
        },
      ),
    }),
  ],
  [
    'poll_vote',
    (k) => ({
      idMensagem: fc.oneof(
        { weight: 4, arbitrary: fc.constant(k.sent.poll) },
        { weight: 1, arbitrary: fc.constant(k.sent.text) },
      ),
      opcoes: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<Model>(['Manga'], ['Manga', 'Caju'], ['Caju', 'Caju'], '["Manga"]') },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom<Model>(['Uva'], []), v.text) },
      ),
    }),
  ],
  ['reaction', (k) => ({ idMensagem: v.messageId(k), emoji: v.emoji })],
  ['location', () => ({ latitude: v.coordinate(90), longitude: v.coordinate(180), mensagem: v.text })],
];

export const CONTROL_ENDPOINTS: readonly Endpoint[] = [
  {
    label: 'control connect',
    path: '/__emulator/connect',
    fields: (k) => specs({ appkey: controlAppkey(k), telefone: v.phone }),
  },
  { label: 'control disconnect', path: '/__emulator/disconnect', fields: (k) => specs({ appkey: controlAppkey(k) }) },
  {
    label: 'control groups',
    path: '/__emulator/groups',
    fields: (k) =>
      specs({
        appkey: controlAppkey(k),
        titulo: fc.oneof(v.text, fc.constant('t'.repeat(101))),
        descricao: v.text,
        participantes: participants,
      }),
  },
  {
    label: 'control templates',
    path: '/__emulator/templates',
    fields: (k) => specs({ authkey: v.authkey(k), texto: v.text, botoes: templateButtons }),
  },
  { label: 'control otp', path: '/__emulator/otp', fields: (k) => specs({ appkey: controlAppkey(k), to: v.phone }) },
  ...INBOUND_EVENTS.map(([evento, fields]) => ({
    label: `control inbound ${evento}`,
    path: '/__emulator/inbound',
    fields: (k: Keyring) =>
      specs({ appkey: controlAppkey(k), evento: usuallyEvent(evento), de: v.phone, ...fields(k) }),
  })),
  { label: 'control outbox (POST)', path: '/__emulator/outbox', fields: (k) => specs({ appkey: readAppkey(k) }) },
  { label: 'control webhooks (POST)', path: '/__emulator/webhooks', fields: (k) => specs({ appkey: readAppkey(k) }) },
  { label: 'control health (POST)', path: '/__emulator/health', fields: () => [] },
];
