import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import {
  accountWithDevice, addDevice, CONTACT, createGroup, createTemplate, outbox, sendText, startTestEmulator, type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';
import { APPKEY_OPERATIONS, DEVELOPER_OPERATIONS, missingFieldRows, type OperationContext } from './helpers/operations.js';

let emu: RunningEmulator;
let device: Device;
let ctx: OperationContext;
beforeAll(async () => {
  emu = await startTestEmulator();
  device = await accountWithDevice(emu.url);
  expectOk(await sendText(emu.url, device, CONTACT, 'alvo'));
  const [sent] = await outbox(emu.url, device.appkey);
  ctx = {
    deviceId: device.id,
    deviceName: device.nome,
    groupId: (await createGroup(emu.url, device.appkey)).id,
    templateId: await createTemplate(emu.url, device.authkey, 'Olá {{nome}}'),
    messageId: String(sent?.id),
  };
});
afterAll(() => emu.close());

const ALL = [...APPKEY_OPERATIONS, ...DEVELOPER_OPERATIONS];
/** Enough context to read the shape of each operation's body while the table is built. */
const CTX_PLACEHOLDER: OperationContext = { deviceId: '', deviceName: '', groupId: '', templateId: '', messageId: '' };

describe('a missing required field is 401 validation.required', () => {
  it.each(missingFieldRows(ALL))('%s without %s', async (_name, field, op) => {
    const body: Record<string, unknown> = { ...op.body(ctx), ...(op.usesAppkey ? device.keys : { authkey: device.authkey }) };
    delete body[field];
    expectError(await postJson(emu.url, op.path, body), 401, 'validation.required');
  });
});

describe('an empty required field is 401 validation.required', () => {
  it.each(missingFieldRows(APPKEY_OPERATIONS).filter(([, field]) => field === 'to' || field === 'appkey'))('%s with empty %s', async (_name, field, op) => {
    const body: Record<string, unknown> = { ...op.body(ctx), ...device.keys, [field]: '' };
    expectError(await postJson(emu.url, op.path, body), 401, 'validation.required');
  });
});

describe('a message that must be false but is not is 401 validation.required', () => {
  const mustBeFalse = [...APPKEY_OPERATIONS, ...DEVELOPER_OPERATIONS].filter((op) => op.body(CTX_PLACEHOLDER).message === false);
  it.each(mustBeFalse.flatMap((op) => [true, 'sim'].map((value) => [op.name, value, op] as const)))('%s with message %j', async (_name, value, op) => {
    const keys = op.usesAppkey ? device.keys : { authkey: device.authkey };
    expectError(await postJson(emu.url, op.path, { ...op.body(ctx), ...keys, message: value }), 401, 'validation.required');
  });
});

describe('an unknown authkey is 401', () => {
  it.each(ALL.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const keys = op.usesAppkey ? { ...device.keys, authkey: 'f0'.repeat(20) } : { authkey: 'f0'.repeat(20) };
    const reply = await postJson(emu.url, op.path, { ...op.body(ctx), ...keys });
    expectError(reply, 401, 'Authkey inválida ou não encontrada.');
  });
});

describe('an unknown, deleted, or foreign appkey is 404 Nenhum dispositivo encontrado.', () => {
  let deleted: Device;
  let foreign: Device;
  beforeAll(async () => {
    deleted = await addDevice(emu.url, device.authkey);
    expectOk(await postJson(emu.url, '/api/developer', { authkey: device.authkey, message: deleted.id, apagarDispositivo: true }));
    foreign = await accountWithDevice(emu.url);
  });
  const rows = APPKEY_OPERATIONS.flatMap((op) => (['unknown', 'deleted', 'foreign'] as const).map((kind) => [op.name, kind, op] as const));

  it.each(rows)('%s with a %s appkey', async (_name, kind, op) => {
    const appkey = kind === 'unknown' ? 'nao-existe-appkey' : kind === 'deleted' ? deleted.appkey : foreign.appkey;
    const reply = await postJson(emu.url, op.path, { ...op.body(ctx), authkey: device.authkey, appkey });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});
