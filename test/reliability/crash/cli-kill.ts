// SIGKILLing the built CLI at chosen moments, and checking the config file it leaves behind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { BIN, type Sandbox } from '../../cli/support/harness.js';

/** The built CLI, started in the sandbox; the caller kills it or awaits it. */
export function startCli(box: Sandbox, args: string[]): ResultPromise {
  return execa('node', [BIN, ...args], {
    env: box.env(),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
  });
}

/** Kills the child with SIGKILL after `delayMs`; true when the signal is what ended it (it had not finished yet). */
export async function killAfter(child: ResultPromise, delayMs: number): Promise<boolean> {
  const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
  const result = await child;
  clearTimeout(timer);
  return result.signal === 'SIGKILL';
}

export interface StoredDevice {
  appkey: string;
  id: string;
  name: string;
}
export interface StoredProfile {
  authkey?: string;
  appkey?: string;
  timezone?: string;
  baseUrl?: string;
  devices?: StoredDevice[];
}

const isText = (value: unknown) => value === undefined || typeof value === 'string';

/** Reads config.json and returns the default profile, or a description of what is wrong with the file. */
export function readProfile(box: Sandbox): StoredProfile | string {
  let data: unknown;
  const text = readFileSync(join(box.configDir, 'config.json'), 'utf8');
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `not JSON (${error instanceof Error ? error.message : String(error)}): ${JSON.stringify(text.slice(0, 200))}`;
  }
  const profiles = (data as { profiles?: Record<string, StoredProfile> } | null)?.profiles;
  const profile = profiles?.default;
  if (!profile || typeof profile !== 'object') return `no default profile: ${text.slice(0, 200)}`;
  if (![profile.authkey, profile.appkey, profile.timezone, profile.baseUrl].every(isText))
    return `a setting is not text: ${text.slice(0, 200)}`;
  const devices = profile.devices ?? [];
  const devicesOk =
    Array.isArray(devices) && devices.every((d) => [d.appkey, d.id, d.name].every((v) => typeof v === 'string'));
  return devicesOk ? profile : `devices is not a list of {appkey, id, name}: ${text.slice(0, 300)}`;
}
