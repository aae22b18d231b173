// Profiles on disk: one private JSON file (0600, in a 0700 folder). Reads parse it and check its shape; a write
// replaces it whole and atomically (a new file beside it, renamed over it), so a reader never sees half a file.
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  /** The file as last read or written by this process, for reads (a command reads settings several times). */
  private cached: ConfigData | undefined;

  constructor(readonly dir: string) {}

  get path(): string {
    return join(this.dir, 'config.json');
  }

  /** The file's content; no file yet means no profiles. */
  private read(): ConfigData {
    this.cached ??= this.readFile();
    return structuredClone(this.cached);
  }

  private readFile(): ConfigData {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
      throw corrupt(this.path, error);
    }
    const problem = shapeProblem(data);
    if (problem) throw corrupt(this.path, new Error(problem));
    return data as ConfigData;
  }

  /** Settles when the file is replaced (at once: the writes are synchronous, so none interleaves with a read). */
  private write(data: ConfigData): Promise<void> {
    const next = `${this.path}.${process.pid}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(next, `${JSON.stringify(data, null, '\t')}\n`, { mode: 0o600 });
      chmodSync(next, 0o600);
      renameSync(next, this.path);
      this.cached = structuredClone(data);
      return Promise.resolve();
    } catch (error) {
      rmSync(next, { force: true });
      const reason = error instanceof Error ? error.message : String(error);
      return Promise.reject(new ConfigError(`Could not write the config file ${this.path}: ${reason}`));
    }
  }

  /** The stored active profile name, if one was chosen with `profile use`. */
  activeProfile(): string | undefined {
    return this.read().activeProfile;
  }

  async setActiveProfile(name: string): Promise<void> {
    await this.write({ ...this.readFile(), activeProfile: name });
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

  /** Applies `change` to the profile as the file has it now (another process may have written since) and saves it. */
  async updateProfile(name: string, change: (profile: Profile) => Profile): Promise<Profile> {
    const data = this.readFile();
    const next = change(structuredClone(Object.hasOwn(data.profiles, name) ? (data.profiles[name] ?? {}) : {}));
    await this.write({ ...data, profiles: { ...data.profiles, [name]: next } });
    return next;
  }

  async removeProfile(name: string): Promise<void> {
    const data = this.readFile();
    const profiles = Object.fromEntries(Object.entries(data.profiles).filter(([key]) => key !== name));
    const activeProfile = data.activeProfile === name ? undefined : data.activeProfile;
    await this.write({ profiles, ...(activeProfile ? { activeProfile } : {}) });
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
  const valid =
    Array.isArray(devices) && devices.every((d) => isRecord(d) && DEVICE_FIELDS.every((f) => typeof d[f] === 'string'));
  return valid ? undefined : `"devices" of profile "${name}" is not a list of {appkey, id, name}`;
}

/** What is wrong with the file's content, if anything: values of the wrong type are as unreadable as bad JSON. */
function shapeProblem(data: unknown): string | undefined {
  if (!isRecord(data) || !isRecord(data.profiles)) return '"profiles" is missing or not an object';
  if (data.activeProfile !== undefined && typeof data.activeProfile !== 'string')
    return '"activeProfile" is not a string';
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
