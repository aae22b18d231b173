// The matrix rows of the /__emulator/* control routes that take a key. The control API plays the phone and the
// network, so it takes no authkey: whoever holds an appkey acts for that device (docs/emulator.md). B, without A's
// appkey, can only try A's other references: device id and name, message ids, and A's appkey as an authkey.
import { expect } from 'vitest';
import { CONTACT } from '../../emulator/e2e/helpers/fixtures.js';
import { expectOk, postJson } from '../../emulator/e2e/helpers/http.js';
import { BAD_AUTHKEY, NO_DEVICE, type Attempt, type Row } from './attempt.js';
import type { World } from './world.js';
import { FOREIGN_DEVICE } from '../../../src/emulator/control/account-setup.js';

const NO_MESSAGE = 'Mensagem não encontrada.';

/** The route with A's device id and then A's device name where the appkey goes. */
function asAppkey(world: World, path: string, body: Record<string, unknown>, method?: 'GET'): Attempt[] {
  const { a } = world;
  return [
    ['device id', a.deviceId],
    ['device name', a.deviceName],
  ].map(([kind, appkey]) => ({
    what: `A's ${kind} as appkey`,
    path,
    ...(method ? { method } : {}),
    body: { ...body, appkey },
    status: 404,
    message: NO_DEVICE,
  }));
}

/** B issuing a code for the number A's code went to must not void A's code (checked after the matrix). */
async function otherDeviceOtp(world: World): Promise<number> {
  const issued = expectOk(await postJson(world.url, '/__emulator/otp', { appkey: world.b.appkey, to: CONTACT }));
  expect(issued.code).toMatch(/^\d{6}$/);
  return 1;
}

export const CONTROL_ROWS: Row[] = [
  {
    op: '/__emulator/connect',
    title: 'phone completes pairing',
    attempts: (w) => asAppkey(w, '/__emulator/connect', {}),
  },
  {
    op: '/__emulator/disconnect',
    title: 'phone disconnects',
    attempts: (w) => asAppkey(w, '/__emulator/disconnect', {}),
  },
  {
    op: '/__emulator/groups',
    title: 'create a group',
    attempts: (w) => asAppkey(w, '/__emulator/groups', { titulo: 'Grupo roubado' }),
  },
  {
    op: '/__emulator/templates',
    title: 'create a template',
    attempts: ({ a }) =>
      [
        ['appkey', a.appkey],
        ['device id', a.deviceId],
      ].map(([kind, authkey]) => ({
        what: `A's ${kind} as authkey`,
        path: '/__emulator/templates',
        body: { authkey, texto: 'roubado' },
        status: 401,
        message: BAD_AUTHKEY,
      })),
  },
  {
    op: '/__emulator/otp',
    title: 'issue an OTP code',
    note: "also: B issuing a code to the number of A's code leaves A's code valid (checked after the matrix)",
    attempts: (w) => asAppkey(w, '/__emulator/otp', { to: CONTACT }),
    check: otherDeviceOtp,
  },
  {
    op: '/__emulator/inbound',
    title: 'a contact writes, clicks or votes',
    attempts: (w) => [
      ...asAppkey(w, '/__emulator/inbound', { evento: 'text', de: CONTACT, mensagem: 'roubado' }),
      {
        what: "B's appkey clicking A's buttons message",
        path: '/__emulator/inbound',
        body: { appkey: w.b.appkey, evento: 'button', de: CONTACT, idMensagem: w.a.buttonsId, opcao: 'Sim' },
        status: 404,
        message: NO_MESSAGE,
      },
      {
        what: "B's appkey voting in A's poll",
        path: '/__emulator/inbound',
        body: { appkey: w.b.appkey, evento: 'poll_vote', de: CONTACT, idMensagem: w.a.pollId, opcoes: ['Manga'] },
        status: 404,
        message: NO_MESSAGE,
      },
    ],
  },
  {
    op: '/__emulator/outbox',
    title: 'what a device sent',
    attempts: (w) => asAppkey(w, '/__emulator/outbox', {}, 'GET'),
  },
  {
    op: '/__emulator/webhooks',
    title: "a device's webhook queue",
    attempts: (w) => asAppkey(w, '/__emulator/webhooks', {}, 'GET'),
  },
  {
    op: '/__emulator/chats',
    title: "a device's chats",
    attempts: (w) => asAppkey(w, '/__emulator/chats', {}, 'GET'),
  },
  {
    op: '/__emulator/chat',
    title: 'one chat, both ways',
    attempts: (w) => asAppkey(w, '/__emulator/chat', { chat: CONTACT }, 'GET'),
  },
  {
    op: '/__emulator/setup',
    title: 'an account and device with chosen keys',
    attempts: ({ a, b }) => [
      {
        what: "B's authkey with A's appkey",
        path: '/__emulator/setup',
        body: { authkey: b.keys.authkey, appkey: a.appkey, webhook: 'http://127.0.0.1:9/roubado' },
        status: 409,
        message: FOREIGN_DEVICE,
      },
    ],
    note: "409: the appkey exists and belongs to another account; A's device keeps its webhook and connection",
  },
  {
    op: '/__emulator/pairing',
    title: "a device's pairing QR and code",
    attempts: (w) => asAppkey(w, '/__emulator/pairing', {}, 'GET'),
  },
];

/** Control routes that take no key at all, with why they are outside the matrix. */
export const KEYLESS_CONTROL: Record<string, string> = {
  '/__emulator/health': 'reads nothing of any account',
  '/__emulator/reset': "erases every account by design (a local test tool); it names nothing of A's",
  '/__emulator/devices':
    "lists every account and device with their keys by design (the console's view of a local test tool, answered only to its own origin and a local Host)",
};
