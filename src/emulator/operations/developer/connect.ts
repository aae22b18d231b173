// Connecting a device from the account's side: a fresh QR (`conecteQR`), a link to a page showing it
// (`GerenciarLinks` = `conectar`), and disconnecting (`desconectar`).
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { BAD_PAIRING_PARAMS } from '../../rules/service-errors.js';
import { optional, own, required, type Fields } from '../../rules/fields.js';
import { newPairingRef } from '../../rules/ids.js';
import { pairingQrContent, qrDataUrl } from '../qrcode/qr.js';
import { webhookAddress } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import {
  findAccountDevices,
  findDeviceByAppkey,
  insertDevice,
  repairDevice,
  setConnected,
  settleAutoConnect,
  type DeviceRow,
} from '../../store/devices.js';
import { AMBIGUOUS_NAME, authenticate, deviceByReference, requireAll, requireFlag } from '../access.js';
import { APPKEY_NAME, newDevice } from '../qrcode/pair-device.js';
import { deviceLabel, notA, quoted } from '../../rules/reasons.js';

export const ALREADY_CONNECTED = 'Dispositivo já conectado.';
export const PAIR_LINK_PATH = '/conectar/';

function invalid(reason = 'a pairing field is missing or malformed'): EmulatorError {
  return new EmulatorError(400, BAD_PAIRING_PARAMS).because(reason);
}

/** The account's device named by `message`, created (appkey and name = `message`) when there is none. */
function deviceForQr(
  store: Store,
  accountId: number,
  reference: string,
  webhook: string | undefined,
  ctx: Ctx,
): DeviceRow {
  const now = ctx.now();
  const connectDueAt = ctx.autoConnect === undefined ? null : now + ctx.autoConnect * 1000;
  return store.tx(() => {
    settleAutoConnect(store, now);
    const found = findAccountDevices(store, accountId, reference);
    if (found.length > 1)
      throw new EmulatorError(409, AMBIGUOUS_NAME).because(
        `${found.length} devices of this account are named ${quoted(reference)}`,
      );
    const existing = found[0];
    if (existing) {
      if (existing.conectado === 1)
        throw new EmulatorError(409, ALREADY_CONNECTED).because(`${deviceLabel(existing)} is already connected`);
      repairDevice(store, existing.id, { webhook, pairing_code: null, paired_at: now, connect_due_at: connectDueAt });
      return existing;
    }
    if (!APPKEY_NAME.test(reference))
      throw invalid(`message ${quoted(reference)} is no device of this account, nor a name a new device could take`);
    if (findDeviceByAppkey(store, reference)) throw invalid(`message names another account's device`);
    const created = newDevice(accountId, { authkey: '', setAppkey: reference, webhook }, null, now, connectDueAt);
    insertDevice(store, created);
    return created;
  });
}

/** `conecteQR`: answers `message: {qr, id}` — a fresh QR for a device that is not connected. */
export async function connectQr(store: Store, fields: Fields, ctx: Ctx): Promise<Reply> {
  requireFlag(fields, 'conecteQR', true);
  const { authkey, message } = requireAll(fields, ['authkey', 'message']);
  const webhook = optional(fields, 'webhook', invalid)?.trim();
  if (webhook !== undefined && !webhookAddress(webhook)) throw invalid(notA(fields, 'webhook', 'an http(s) URL'));
  const account = authenticate(store, authkey, ctx);
  const device = deviceForQr(store, account.id, message, webhook, ctx);
  const qr = await qrDataUrl(pairingQrContent(device.id, newPairingRef()));
  return { status: 200, message: { qr, id: device.id } };
}

/** `desconectar`: the device stays, not connected. */
export function disconnectDevice(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'desconectar', true);
  const { authkey, message } = requireAll(fields, ['authkey', 'message']);
  const account = authenticate(store, authkey, ctx);
  const device = deviceByReference(store, account, message);
  store.tx(() => setConnected(store, device.id, false));
  return { status: 200, message: 'Dispositivo desconectado com sucesso.' };
}

/** `GerenciarLinks` = `conectar`: a link the emulator serves, showing the device's QR to whoever pairs the phone. */
export function pairingLink(store: Store, fields: Fields, ctx: Ctx): Reply {
  if (required(fields, 'GerenciarLinks') !== 'conectar')
    throw invalid(`GerenciarLinks must be "conectar", got ${quoted(own(fields, 'GerenciarLinks'))}`);
  const { authkey } = requireAll(fields, ['authkey']);
  const reference = required(fields, 'appkey') ?? required(fields, 'message');
  if (reference === undefined) throw invalid('appkey (or message) is missing: it names the device');
  const account = authenticate(store, authkey, ctx);
  const device = deviceByReference(store, account, reference);
  const token = newPairingRef();
  store.sql('INSERT INTO pair_links (token, device_id, created_at) VALUES (?, ?, ?)').run(token, device.id, ctx.now());
  const link = `${ctx.baseUrl ?? ''}${PAIR_LINK_PATH}${token}`;
  return { status: 200, message: link, link };
}
