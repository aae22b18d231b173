import { beforeAll, describe, it } from 'vitest';
import {
  accountWithDevice,
  addDevice,
  CONTACT,
  createGroup,
  createTemplate,
  outbox,
  sendText,
  useEmulatorWithDevice,
  type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';
import {
  APPKEY_OPERATIONS,
  DEVELOPER_OPERATIONS,
  missingFieldRows,
  type OperationContext,
} from './helpers/operations.js';

const t = useEmulatorWithDevice();
let ctx: OperationContext;
beforeAll(async () => {
  expectOk(await sendText(t.emu.url, t.device, CONTACT, 'alvo'));
  const [sent] = await outbox(t.emu.url, t.device.appkey);
  ctx = {
    deviceId: t.device.id,
    deviceName: t.device.nome,
    groupId: (await createGroup(t.emu.url, t.device.appkey)).id,
    templateId: await createTemplate(t.emu.url, t.device.authkey, 'Olá {{nome}}'),
    messageId: String(sent?.id),
  };
});

const ALL = [...APPKEY_OPERATIONS, ...DEVELOPER_OPERATIONS];
/** Enough context to read the shape of each operation's body while the table is built. */
const CTX_PLACEHOLDER: OperationContext = { deviceId: '', deviceName: '', groupId: '', templateId: '', messageId: '' };

describe('a missing required field is 401 validation.required', () => {
  it.each(missingFieldRows(ALL))('%s without %s', async (_name, field, op) => {
    const body: Record<string, unknown> = {
      ...op.body(ctx),
      ...(op.usesAppkey ? t.device.keys : { authkey: t.device.authkey }),
    };
    Reflect.deleteProperty(body, field);
    expectError(await postJson(t.emu.url, op.path, body), 401, 'validation.required');
  });
});

describe('an empty required field is 401 validation.required', () => {
  it.each(missingFieldRows(APPKEY_OPERATIONS).filter(([, field]) => field === 'to' || field === 'appkey'))(
    '%s with empty %s',
    async (_name, field, op) => {
      const body: Record<string, unknown> = { ...op.body(ctx), ...t.device.keys, [field]: '' };
      expectError(await postJson(t.emu.url, op.path, body), 401, 'validation.required');
    },
  );
});

describe('a message that must be false but is not is 401 validation.required', () => {
  const mustBeFalse = [...APPKEY_OPERATIONS, ...DEVELOPER_OPERATIONS].filter(
    (op) => op.body(CTX_PLACEHOLDER).message === false,
  );
  it.each(mustBeFalse.flatMap((op) => [true, 'sim'].map((value) => [op.name, value, op] as const)))(
    '%s with message %j',
    async (_name, value, op) => {
      const keys = op.usesAppkey ? t.device.keys : { authkey: t.device.authkey };
      expectError(
        await postJson(t.emu.url, op.path, { ...op.body(ctx), ...keys, message: value }),
        401,
        'validation.required',
      );
    },
  );
});

describe('an unknown authkey is 401', () => {
  it.each(ALL.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const keys = op.usesAppkey ? { ...t.device.keys, authkey: 'f0'.repeat(20) } : { authkey: 'f0'.repeat(20) };
    const reply = await postJson(t.emu.url, op.path, { ...op.body(ctx), ...keys });
    expectError(reply, 401, 'Authkey inválida ou não encontrada.');
  });
});

describe('an unknown, deleted, or foreign appkey is 404 Nenhum dispositivo encontrado.', () => {
  let deleted: Device;
  let foreign: Device;
  beforeAll(async () => {
    deleted = await addDevice(t.emu.url, t.device.authkey);
    expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: t.device.authkey,
        message: deleted.id,
        apagarDispositivo: true,
      }),
    );
    foreign = await accountWithDevice(t.emu.url);
  });
  const rows = APPKEY_OPERATIONS.flatMap((op) =>
    (['unknown', 'deleted', 'foreign'] as const).map((kind) => [op.name, kind, op] as const),
  );

  it.each(rows)('%s with a %s appkey', async (_name, kind, op) => {
    const appkey = kind === 'unknown' ? 'nao-existe-appkey' : kind === 'deleted' ? deleted.appkey : foreign.appkey;
    const reply = await postJson(t.emu.url, op.path, { ...op.body(ctx), authkey: t.device.authkey, appkey });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});
