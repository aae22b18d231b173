// Resolution of every setting: flag > environment > profile > built-in default.
import type { DeviceRef, Profile } from './store.js';

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
export const DEFAULT_PROFILE = 'default';

export type Source = 'flag' | 'env' | 'profile' | 'default';

export interface Sourced<T> {
  value: T;
  source: Source;
}

export interface SettingFlags {
  baseUrl?: string;
  authkey?: string;
  appkey?: string;
  profile?: string;
}

export interface Settings {
  profile: string;
  baseUrl: Sourced<string>;
  authkey?: Sourced<string>;
  appkey?: Sourced<string>;
  timezone: Sourced<string>;
  /** The profile's record of the device the appkey names, when it knows it. */
  device?: DeviceRef;
}

type Env = Record<string, string | undefined>;

/** Picks the first defined value, remembering where it came from. */
export function pick<T>(candidates: [Source, T | undefined][]): Sourced<T> | undefined {
  for (const [source, value] of candidates) {
    if (value !== undefined && value !== '') return { value, source };
  }
  return undefined;
}

/** The profile in use: --profile, then CHATBOT_PROFILE, then the one chosen with `profile use`, then "default". */
export function resolveProfileName(flags: SettingFlags, env: Env, stored: string | undefined): string {
  return flags.profile || env.CHATBOT_PROFILE || stored || DEFAULT_PROFILE;
}

/** Resolves base URL, keys and time zone for one command run. */
export function resolveSettings(
  flags: SettingFlags,
  env: Env,
  profileName: string,
  profile: Profile,
  defaultBaseUrl: string,
): Settings {
  const baseUrl = pick<string>([
    ['flag', flags.baseUrl],
    ['env', env.CHATBOT_BASE_URL],
    ['profile', profile.baseUrl],
    ['default', defaultBaseUrl],
  ]) as Sourced<string>;
  const timezone = pick<string>([
    ['env', env.CHATBOT_TIMEZONE],
    ['profile', profile.timezone],
    ['default', DEFAULT_TIMEZONE],
  ]) as Sourced<string>;
  const authkey = pick<string>([
    ['flag', flags.authkey],
    ['env', env.CHATBOT_AUTHKEY],
    ['profile', profile.authkey],
  ]);
  const given = pick<string>([
    ['flag', flags.appkey],
    ['env', env.CHATBOT_APPKEY],
    ['profile', profile.appkey],
  ]);
  // --appkey and CHATBOT_APPKEY also take the name or id of a device saved in the profile, as `config set appkey` does.
  const device = given
    ? (profile.devices?.find((d) => d.appkey === given.value) ??
      profile.devices?.find((d) => d.name === given.value || d.id === given.value))
    : undefined;
  const appkey = given && device ? { ...given, value: device.appkey } : given;
  return {
    profile: profileName,
    baseUrl,
    timezone,
    ...(authkey ? { authkey } : {}),
    ...(appkey ? { appkey } : {}),
    ...(device ? { device } : {}),
  };
}
