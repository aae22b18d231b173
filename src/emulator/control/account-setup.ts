// POST /__emulator/setup: an account with the key a test run chose and one device of it, connected, its webhook
// pointed at the bot under test. A bot started before the run is configured with those keys, so they cannot be the
// random ones registration hands out. Made again with the same keys, the account and device are re-used.
import { EmulatorError } from '../http/reply.js';
import { APPKEY_NAME, newDevice } from '../operations/qrcode/pair-device.js';
import type { Ctx } from '../operations/context.js';
import { ACCOUNT_DAYS } from '../operations/auth/register.js';
import { asFlag, has, optional, own, type Fields } from '../rules/fields.js';
import { newAuthkey, newPairingRef } from '../rules/ids.js';
import { webhookAddress } from '../rules/recipients.js';
import { formatDate } from '../rules/zoned-time.js';
import { findAccountByAuthkey, insertAccount, type AccountRow } from '../store/accounts.js';
import type { Store } from '../store/db.js';
import { findDeviceByAppkey, insertDevice, repairDevice, setConnected, type DeviceRow } from '../store/devices.js';
import { invalidControlField } from './fields.js';
import type { SetupAnswer } from './types.js';

/** An authkey: 1 to 128 characters without spaces or control characters. */
const AUTHKEY = /^[^\s\p{Cc}]{1,128}$/u;

export const FOREIGN_DEVICE = 'O dispositivo pertence a outra conta.';

interface SetupInput {
  authkey: string;
  appkey?: string;
  webhook?: string;
  connected: boolean;
}

function readSetup(fields: Fields): SetupInput {
  const authkey = optional(fields, 'authkey', () => invalidControlField('authkey'));
  const appkey = optional(fields, 'appkey', () => invalidControlField('appkey'));
  const webhook = optional(fields, 'webhook', () => invalidControlField('webhook'))?.trim();
  const connected = has(fields, 'conectado') ? asFlag(own(fields, 'conectado')) : true;
  if (authkey !== undefined && !AUTHKEY.test(authkey)) throw invalidControlField('authkey');
  if (appkey !== undefined && !APPKEY_NAME.test(appkey)) throw invalidControlField('appkey');
  if (webhook !== undefined && !webhookAddress(webhook)) throw invalidControlField('webhook');
  if (connected === undefined) throw invalidControlField('conectado');
  return { authkey: authkey ?? newAuthkey(), appkey, webhook, connected };
}

/** The account of `authkey`, made when there is none: no password (nobody logs into it), valid for a year. */
function accountFor(store: Store, authkey: string, ctx: Ctx): AccountRow {
  const found = findAccountByAuthkey(store, authkey);
  if (found) return found;
  const now = ctx.now();
  const tag = newPairingRef();
  insertAccount(store, {
    email: `teste-${tag}@emulador.invalid`,
    nome: 'Conta de teste',
    telefone: '+5511900000000',
    senha_hash: '',
    plano: '1',
    authkey,
    expiracao: formatDate(now + ACCOUNT_DAYS * 86_400_000, ctx.tz),
    created_at: now,
  });
  const created = findAccountByAuthkey(store, authkey);
  if (!created) throw new Error('the account just made is not in the store');
  return created;
}

function deviceFor(store: Store, account: AccountRow, input: SetupInput, now: number): DeviceRow {
  const existing = input.appkey === undefined ? undefined : findDeviceByAppkey(store, input.appkey);
  if (existing && existing.account_id !== account.id) throw new EmulatorError(409, FOREIGN_DEVICE);
  const pairing = { webhook: input.webhook, pairing_code: null, paired_at: now, connect_due_at: null };
  if (existing) {
    repairDevice(store, existing.id, pairing);
    return existing;
  }
  const created = newDevice(
    account.id,
    { authkey: input.authkey, setAppkey: input.appkey, webhook: input.webhook },
    null,
    now,
    null,
  );
  insertDevice(store, created);
  return created;
}

export function setupRoute(store: Store, fields: Fields, ctx: Ctx): SetupAnswer {
  const input = readSetup(fields);
  const device = store.tx(() => {
    const account = accountFor(store, input.authkey, ctx);
    const paired = deviceFor(store, account, input, ctx.now());
    if (input.connected) setConnected(store, paired.id, true);
    return paired;
  });
  return {
    status: 200,
    message: 'Conta e dispositivo prontos.',
    authkey: input.authkey,
    appkey: device.appkey,
    id: device.id,
    nome: device.nome,
  };
}
