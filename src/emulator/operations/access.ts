// Authentication and device resolution shared by the operations.
import type { Ctx } from './context.js';
import { EmulatorError } from '../http/reply.js';
import { BAD_AUTHKEY, NO_DEVICE, validationError } from '../rules/service-errors.js';
import { flag, own, required, type Fields } from '../rules/fields.js';
import { deviceLabel, fieldProblem, maskValue, quoted } from '../rules/reasons.js';
import { findAccountByAuthkey, findAccountById, type AccountRow } from '../store/accounts.js';
import type { Store } from '../store/db.js';
import { findAccountDevices, findDeviceByAppkey, type DeviceRow } from '../store/devices.js';
import { formatDate } from '../rules/zoned-time.js';
import { normalizeRecipient } from '../rules/recipients.js';

/** The trimmed values of the named fields; 401 validation.required when any is missing or blank. */
export function requireAll<K extends string>(fields: Fields, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = required(fields, name);
    if (value === undefined) throw validationError(fieldProblem(fields, name));
    values[name] = value;
  }
  return values;
}

/** 401 validation.required unless the field is a flag with the expected value. */
export function requireFlag(fields: Fields, name: string, expected: boolean): void {
  if (flag(fields, name) !== expected)
    throw validationError(`${name} must be ${expected}, got ${quoted(own(fields, name))}`);
}

/** An account as a reason names it: the e-mail's local part (`ana@…`), enough to tell accounts apart. */
export function accountLabel(account: AccountRow): string {
  return `${account.email.split('@')[0] ?? ''}@…`;
}

/** Why an authkey was refused: unknown, or expired. */
function authkeyReason(account: AccountRow | undefined, authkey: string): string {
  const key = `authkey ${maskValue(authkey)}`;
  if (!account) return `${key} is not an account of this emulator`;
  return `${key} of account ${accountLabel(account)} expired on ${account.expiracao}`;
}

/** The account of a valid, unexpired authkey, else 401 with the endpoint's message. */
export function authenticate(store: Store, authkey: string, ctx: Ctx, message = BAD_AUTHKEY): AccountRow {
  const account = findAccountByAuthkey(store, authkey);
  if (!account || account.expiracao < formatDate(ctx.now(), ctx.tz))
    throw new EmulatorError(401, message).because(authkeyReason(account, authkey));
  return account;
}

/** Whose device an appkey names, for a reason: `device loja belongs to account ana@…`; undefined when none. */
export function deviceOwner(store: Store, appkey: string): string | undefined {
  const device = findDeviceByAppkey(store, appkey);
  const owner = device && findAccountById(store, device.account_id);
  return owner && `${deviceLabel(device)} belongs to account ${accountLabel(owner)}`;
}

/** The account's device named by the appkey; unknown, deleted or foreign appkeys are all 404. */
export function deviceOf(store: Store, account: AccountRow, appkey: string): DeviceRow {
  const device = findDeviceByAppkey(store, appkey);
  if (!device)
    throw new EmulatorError(404, NO_DEVICE).because(`appkey ${maskValue(appkey)} is not a device of this emulator`);
  if (device.account_id !== account.id)
    throw new EmulatorError(404, NO_DEVICE).because(
      `appkey ${maskValue(appkey)} is another account's: ${deviceOwner(store, appkey) ?? 'not this one'}, not to ${accountLabel(account)} (the authkey's)`,
    );
  return device;
}

/** A device reference as a reason shows it: an appkey-like value (12+ characters) masked. */
function masked(reference: string): string {
  return reference.length >= 12 ? maskValue(reference) : reference;
}

export const AMBIGUOUS_NAME = 'Mais de um dispositivo com este nome; use o ID do dispositivo.';

/** The account's device named by id, appkey or name; 404 when none, 409 when a name is shared. */
export function deviceByReference(store: Store, account: AccountRow, reference: string): DeviceRow {
  const found = findAccountDevices(store, account.id, reference);
  if (found.length === 0)
    throw new EmulatorError(404, NO_DEVICE).because(
      `account ${accountLabel(account)} has no device ${quoted(masked(reference))}`,
    );
  if (found.length > 1)
    throw new EmulatorError(409, AMBIGUOUS_NAME).because(
      `${found.length} devices of account ${accountLabel(account)} are named ${quoted(reference)}`,
    );
  return found[0] as DeviceRow;
}

export interface Caller {
  account: AccountRow;
  device: DeviceRow;
}

/** authkey + appkey (both required) → the caller's account and device. Run after the other field checks. */
export function authorizeDevice(store: Store, fields: Fields, ctx: Ctx): Caller {
  const { authkey, appkey } = requireAll(fields, ['authkey', 'appkey']);
  let account: AccountRow;
  try {
    account = authenticate(store, authkey, ctx);
  } catch (error) {
    const owner = deviceOwner(store, appkey);
    if (error instanceof EmulatorError && owner) error.because(`${error.reason ?? ''}; ${owner}`);
    throw error;
  }
  return { account, device: deviceOf(store, account, appkey) };
}

/** A non-blank string field as written (not trimmed: message text keeps its spacing); 401 otherwise. */
export function requireText(fields: Fields, name: string): string {
  if (required(fields, name) === undefined) throw validationError(fieldProblem(fields, name));
  return fields[name] as string;
}

/**
 * Where a refused send belongs in the console: its recipient (`to`) as a chat, and the device its authkey and appkey
 * were that device's own (null when the keys named none of the authkey's account: the console shows it in every
 * device's chat with that recipient). Read only for refused requests, after the answer.
 */
export function refusedSend(store: Store, fields: Fields): { chat: string | null; device: string | null } {
  const to = own(fields, 'to');
  const chat = typeof to === 'string' ? (normalizeRecipient(to) ?? null) : null;
  if (chat === null) return { chat, device: null };
  const authkey = required(fields, 'authkey');
  const appkey = required(fields, 'appkey');
  const account = authkey === undefined ? undefined : findAccountByAuthkey(store, authkey);
  const device = appkey === undefined ? undefined : findDeviceByAppkey(store, appkey);
  return { chat, device: account && device && device.account_id === account.id ? device.id : null };
}
