// Field helpers of the control API: its errors are 400 and name the field.
import { EmulatorError } from '../http/reply.js';
import { NO_DEVICE } from '../rules/service-errors.js';
import { own, required, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { findDeviceByAppkey, findDeviceById, type DeviceRow } from '../store/devices.js';

export function invalidControlField(name: string): EmulatorError {
  return new EmulatorError(400, `Campo obrigatório ausente ou inválido: ${name}.`);
}

/** A control field that must be a non-blank string. */
export function controlField(fields: Fields, name: string): string {
  const value = required(fields, name);
  if (value === undefined) throw invalidControlField(name);
  return value;
}

/** The device of the `appkey` field (any account: the control API plays the network, not a client). */
export function controlDevice(store: Store, fields: Fields): DeviceRow {
  const device = findDeviceByAppkey(store, controlField(fields, 'appkey'));
  if (!device) throw new EmulatorError(404, NO_DEVICE);
  return device;
}

/** The device of the `dispositivo` field (its id) when given, else of the `appkey` field. */
export function controlDeviceByIdOrAppkey(store: Store, fields: Fields): DeviceRow {
  if (own(fields, 'dispositivo') === undefined) return controlDevice(store, fields);
  const device = findDeviceById(store, controlField(fields, 'dispositivo'));
  if (!device) throw new EmulatorError(404, NO_DEVICE);
  return device;
}
