// The settings a profile holds, by the name `config` knows them: each one's field, check, and whether it is a key.
import { UsageError } from '../../../errors.js';
import type { Settings, Sourced } from '../../../config/settings.js';
import type { Context } from '../../context.js';
import { httpUrl, nonEmpty, timeZone } from '../../shared/validate.js';

export interface KeySpec {
  field: 'baseUrl' | 'authkey' | 'appkey' | 'timezone';
  secret: boolean;
  check: (flag: string, value: string) => string;
}

export const KEYS: Record<string, KeySpec> = {
  'base-url': { field: 'baseUrl', secret: false, check: httpUrl },
  authkey: { field: 'authkey', secret: true, check: nonEmpty },
  appkey: { field: 'appkey', secret: true, check: nonEmpty },
  timezone: { field: 'timezone', secret: false, check: timeZone },
};

export function keySpec(key: string | undefined): KeySpec {
  const spec = key === undefined ? undefined : Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
  if (!spec) throw new UsageError(`Unknown setting "${key}" — use one of: ${Object.keys(KEYS).join(', ')}`);
  return spec;
}

/** A setting's value as printed: keys masked (a device name given as the appkey stays whole) unless revealed. */
export function shown(ctx: Context, spec: KeySpec, value: string, reveal = false): string {
  return spec.secret && !reveal ? ctx.run.secrets.mask(value) : value;
}

export function settingOf(settings: Settings, spec: KeySpec): Sourced<string> | undefined {
  return settings[spec.field];
}
