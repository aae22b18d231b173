// pairDevice: creates (or re-pairs) a device and answers with a QR code or an 8-digit pairing code.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { BAD_AUTHKEY, BAD_PAIRING_PARAMS } from '../../rules/service-errors.js';
import { optional, required, type Fields } from '../../rules/fields.js';
import { digitCode, newAppkey, newDeviceId, newDeviceName, newPairingRef } from '../../rules/ids.js';
import { pairingQrContent, qrDataUrl } from './qr.js';
import { webhookAddress, normalizePhone } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { findDeviceByAppkey, insertDevice, repairDevice, type DeviceRow } from '../../store/devices.js';
import { authenticate } from '../access.js';
import { notA } from '../../rules/reasons.js';

/** 1–64 characters, no control characters, no space at either end (an appkey is typed and compared exactly). */
export const APPKEY_NAME = /^[^\s\p{Cc}](?:[^\p{Cc}]{0,62}[^\s\p{Cc}])?$/u;

export interface PairingInput {
  authkey: string;
  setAppkey?: string;
  phone?: string;
  webhook?: string;
}

function invalid(reason = 'a pairing field is missing or malformed'): EmulatorError {
  return new EmulatorError(400, BAD_PAIRING_PARAMS).because(reason);
}

/** Field checks of pairDevice: every problem is 400 `Parâmetros inválidos.` */
export function readPairingInput(fields: Fields): PairingInput {
  const authkey = required(fields, 'authkey');
  const setAppkey = optional(fields, 'setAppkey', invalid);
  const phone = optional(fields, 'phone', invalid)?.trim();
  const webhook = optional(fields, 'webhook', invalid)?.trim();
  if (!authkey) throw invalid('authkey is missing');
  if (setAppkey !== undefined && !APPKEY_NAME.test(setAppkey)) throw invalid('setAppkey is not a valid appkey name');
  if (phone !== undefined && !normalizePhone(phone)) throw invalid(notA(fields, 'phone', 'a phone number'));
  if (webhook !== undefined && !webhookAddress(webhook)) throw invalid(notA(fields, 'webhook', 'an http(s) URL'));
  return { authkey, setAppkey, phone, webhook };
}

export async function pairDevice(store: Store, fields: Fields, ctx: Ctx): Promise<Reply> {
  const input = readPairingInput(fields);
  const account = authenticate(store, input.authkey, ctx, BAD_AUTHKEY);
  const now = ctx.now();
  const code = input.phone ? digitCode(8) : null;
  const connectDueAt = ctx.autoConnect === undefined ? null : now + ctx.autoConnect * 1000;
  const device = store.tx(() => {
    const existing = input.setAppkey ? findDeviceByAppkey(store, input.setAppkey) : undefined;
    if (existing && existing.account_id !== account.id) throw invalid("setAppkey is another account's appkey");
    const change = {
      telefone: input.phone,
      webhook: input.webhook,
      pairing_code: code,
      paired_at: now,
      connect_due_at: connectDueAt,
    };
    if (existing) {
      repairDevice(store, existing.id, change);
      return existing;
    }
    const created = newDevice(account.id, input, code, now, connectDueAt);
    insertDevice(store, created);
    return created;
  });
  if (code) return { status: 200, message: 'Código de pareamento gerado com sucesso.', code, appkey: device.appkey };
  const qrcode = await qrDataUrl(pairingQrContent(device.id, newPairingRef()));
  return { status: 200, message: 'QR Code gerado com sucesso.', qrcode, appkey: device.appkey };
}

export function newDevice(
  accountId: number,
  input: PairingInput,
  code: string | null,
  now: number,
  connectDueAt: number | null,
): DeviceRow {
  return {
    id: newDeviceId(),
    account_id: accountId,
    appkey: input.setAppkey ?? newAppkey(),
    nome: input.setAppkey ?? newDeviceName(),
    telefone: input.phone ?? '',
    webhook: input.webhook ?? '',
    conectado: 0,
    connect_due_at: connectDueAt,
    webhook_chat: 1,
    webhook_grupo: 1,
    pairing_code: code,
    paired_at: now,
    created_at: now,
  };
}
