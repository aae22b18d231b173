// Profiles on disk (conf): one private JSON file, 0600 re-applied after every write.
import Conf from 'conf';
import { chmodSync, mkdirSync } from 'node:fs';
import { ConfigError } from '../errors.js';

export interface DeviceRef {
  appkey: string;
  id: string;
  name: string;
}

export interface Profile {
  baseUrl?: string;
  authkey?: string;
  appkey?: string;
  timezone?: string;
  devices?: DeviceRef[];
}

interface ConfigData {
  activeProfile?: string;
  profiles: Record<string, Profile>;
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The config file: profiles and which one is active. */
export class ConfigStore {
  private readonly conf: Conf<ConfigData>;

  constructor(readonly dir: string) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      this.conf = new Conf<ConfigData>({
        cwd: dir,
        configName: 'config',
        projectName: 'chatbot',
        configFileMode: 0o600,
        defaults: { profiles: {} },
      });
    } catch (error) {
      throw corrupt(`${dir}/config.json`, error);
    }
  }

  get path(): string {
    return this.conf.path;
  }

  private read(): ConfigData {
    let data: ConfigData;
    try {
      data = this.conf.store;
    } catch (error) {
      throw corrupt(this.path, error);
    }
    const problem = shapeProblem(data);
    if (problem) throw corrupt(this.path, new Error(problem));
    return data;
  }

  private write(data: ConfigData): void {
    try {
      this.conf.store = data;
      chmodSync(this.path, 0o600);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(`Could not write the config file ${this.path}: ${reason}`);
    }
  }

  /** The stored active profile name, if one was chosen with `profile use`. */
  activeProfile(): string | undefined {
    return this.read().activeProfile;
  }

  setActiveProfile(name: string): void {
    this.write({ ...this.read(), activeProfile: name });
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles).sort();
  }

  hasProfile(name: string): boolean {
    return Object.hasOwn(this.read().profiles, name);
  }

  profile(name: string): Profile {
    const profiles = this.read().profiles;
    return Object.hasOwn(profiles, name) ? (profiles[name] ?? {}) : {};
  }

  /** Applies `change` to a copy of the profile and saves it. */
  updateProfile(name: string, change: (profile: Profile) => Profile): Profile {
    const data = this.read();
    const next = change(structuredClone(Object.hasOwn(data.profiles, name) ? (data.profiles[name] ?? {}) : {}));
    this.write({ ...data, profiles: { ...data.profiles, [name]: next } });
    return next;
  }

  removeProfile(name: string): void {
    const data = this.read();
    const profiles = Object.fromEntries(Object.entries(data.profiles).filter(([key]) => key !== name));
    const activeProfile = data.activeProfile === name ? undefined : data.activeProfile;
    this.write({ profiles, ...(activeProfile ? { activeProfile } : {}) });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const TEXT_FIELDS = ['baseUrl', 'authkey', 'appkey', 'timezone'] as const;
const DEVICE_FIELDS = ['appkey', 'id', 'name'] as const;

function profileProblem(name: string, profile: unknown): string | undefined {
  if (!isRecord(profile)) return `profile "${name}" is not an object`;
  const bad = TEXT_FIELDS.find((field) => profile[field] !== undefined && typeof profile[field] !== 'string');
  if (bad) return `"${bad}" of profile "${name}" is not a string`;
  const devices = profile.devices;
  if (devices === undefined) return undefined;
  const valid = Array.isArray(devices) && devices.every((d) => isRecord(d) && DEVICE_FIELDS.every((f) => typeof d[f] === 'string'));
  return valid ? undefined : `"devices" of profile "${name}" is not a list of {appkey, id, name}`;
}

/** What is wrong with the file's content, if anything: values of the wrong type are as unreadable as bad JSON. */
function shapeProblem(data: unknown): string | undefined {
  if (!isRecord(data) || !isRecord(data.profiles)) return '"profiles" is missing or not an object';
  if (data.activeProfile !== undefined && typeof data.activeProfile !== 'string') return '"activeProfile" is not a string';
  for (const [name, profile] of Object.entries(data.profiles)) {
    const problem = profileProblem(name, profile);
    if (problem) return problem;
  }
  return undefined;
}

function corrupt(path: string, error: unknown): ConfigError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ConfigError(
    `The config file ${path} cannot be read (${reason}) — fix or delete it; \`chatbot login\` recreates the profile`,
  );
}
