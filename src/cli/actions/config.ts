// config list|get|set|unset, profile ls|use|rm.
import { UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import { PROFILE_NAME, type Profile } from '../../config/store.js';
import { DEFAULT_PROFILE, type Settings, type Sourced } from '../../config/settings.js';
import { renderTable } from '../../output/table.js';
import { unknownProfile, type Context } from '../context.js';
import type { InputOf } from '../command.js';
import type {
  configGetCommand,
  configSetCommand,
  configUnsetCommand,
  profileRemoveCommand,
  profileUseCommand,
} from '../commands/config.js';
import { httpUrl, nonEmpty, timeZone } from '../shared/validate.js';
import { appkeyOf } from '../shared/device-records.js';

interface KeySpec {
  field: 'baseUrl' | 'authkey' | 'appkey' | 'timezone';
  secret: boolean;
  check: (flag: string, value: string) => string;
}

const KEYS: Record<string, KeySpec> = {
  'base-url': { field: 'baseUrl', secret: false, check: httpUrl },
  authkey: { field: 'authkey', secret: true, check: nonEmpty },
  appkey: { field: 'appkey', secret: true, check: nonEmpty },
  timezone: { field: 'timezone', secret: false, check: timeZone },
};

function keySpec(key: string | undefined): KeySpec {
  const spec = key === undefined ? undefined : Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
  if (!spec) throw new UsageError(`Unknown setting "${key}" — use one of: ${Object.keys(KEYS).join(', ')}`);
  return spec;
}

/** A setting's value as printed: keys masked (a device name given as the appkey stays whole) unless revealed. */
function shown(ctx: Context, spec: KeySpec, value: string, reveal = false): string {
  return spec.secret && !reveal ? ctx.run.secrets.mask(value) : value;
}

function settingOf(settings: Settings, spec: KeySpec): Sourced<string> | undefined {
  return settings[spec.field];
}

export async function configList(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const path = (await ctx.config()).path;
  const rows = Object.entries(KEYS).map(([key, spec]) => {
    const setting = settingOf(settings, spec);
    return { key, value: setting ? shown(ctx, spec, setting.value) : null, source: setting?.source ?? null };
  });
  ctx.out.result({ status: 200, profile: settings.profile, settings: rows }, () => [
    `Profile "${settings.profile}" (${path})`,
    renderTable(
      ctx.out,
      ['KEY', 'VALUE', 'FROM'],
      rows.map((r) => [r.key, r.value ?? '', r.source ?? '']),
    ),
  ]);
}

export async function configGet(ctx: Context, { args, opts }: InputOf<typeof configGetCommand>): Promise<void> {
  const spec = keySpec(args[0]);
  const setting = settingOf(await ctx.settings(), spec);
  if (!setting) throw new UsageError(`${args[0]} is not set — set it with \`chatbot config set ${args[0]} VALUE\``);
  const value = shown(ctx, spec, setting.value, opts.reveal === true);
  ctx.out.result({ status: 200, key: args[0], value, source: setting.source }, () => value, {
    reveal: opts.reveal === true,
  });
}

export async function configSet(ctx: Context, { args }: InputOf<typeof configSetCommand>): Promise<void> {
  ctx.refuseDryRun('config set');
  const [key, raw] = args;
  const spec = keySpec(key);
  const checked = spec.check(key, raw);
  const value = spec.field === 'appkey' ? await appkeyOf(ctx, checked) : checked;
  const name = await ctx.profileName();
  await (await ctx.config()).updateProfile(name, (profile): Profile => ({ ...profile, [spec.field]: value }));
  ctx.out.result(
    { status: 200, profile: name, key, value: shown(ctx, spec, value) },
    () => `Set ${key} to ${shown(ctx, spec, value)} in profile "${name}"`,
  );
}

export async function configUnset(ctx: Context, { args }: InputOf<typeof configUnsetCommand>): Promise<void> {
  ctx.refuseDryRun('config unset');
  const spec = keySpec(args[0]);
  const name = await ctx.profileName();
  await (await ctx.config()).updateProfile(name, ({ [spec.field]: _removed, ...rest }) => rest);
  ctx.out.result({ status: 200, profile: name, key: args[0] }, () => `Unset ${args[0]} in profile "${name}"`);
}

export async function profileList(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const active = await ctx.profileName();
  const names = [...new Set([...config.profileNames(), active])].sort();
  const rows = names.map((name) => {
    const profile = config.profile(name);
    const device = profile.devices?.find((d) => d.appkey === profile.appkey);
    return {
      name,
      active: name === active,
      baseUrl: profile.baseUrl ?? null,
      authkey: profile.authkey ? maskSecret(profile.authkey) : null,
      device: device?.name ?? null,
    };
  });
  ctx.out.result({ status: 200, profiles: rows }, () =>
    renderTable(
      ctx.out,
      ['', 'PROFILE', 'BASE URL', 'AUTHKEY', 'DEVICE'],
      rows.map((r) => [r.active ? '*' : '', r.name, r.baseUrl ?? '(default)', r.authkey ?? '', r.device ?? '']),
    ),
  );
}

function profileName(value: string | undefined): string {
  if (!value || !PROFILE_NAME.test(value)) {
    throw new UsageError(`Profile names use letters, digits, ".", "-" and "_" (got "${value ?? ''}")`);
  }
  return value;
}

export async function profileUse(ctx: Context, { args, opts }: InputOf<typeof profileUseCommand>): Promise<void> {
  ctx.refuseDryRun('profile use');
  const name = profileName(args[0]);
  const config = await ctx.config();
  const isNew = !config.hasProfile(name);
  if (isNew && opts.create !== true && name !== DEFAULT_PROFILE) {
    throw new UsageError(unknownProfile(name, '`profile use`', config.profileNames()));
  }
  if (isNew) await config.updateProfile(name, (profile) => profile);
  await config.setActiveProfile(name);
  ctx.out.result(
    { status: 200, profile: name, created: isNew },
    () => `Now using profile "${name}"${isNew ? ' (new: run `chatbot login` or `chatbot register`)' : ''}`,
  );
}

export async function profileRemove(ctx: Context, { args, opts }: InputOf<typeof profileRemoveCommand>): Promise<void> {
  ctx.refuseDryRun('profile rm');
  const name = profileName(args[0]);
  const config = await ctx.config();
  if (!config.hasProfile(name)) throw new UsageError(`No profile named "${name}" — see \`chatbot profile ls\``);
  if (opts.yes !== true) {
    const sure = await ctx.prompt.confirm('--yes', `Delete profile "${name}" and its stored keys?`);
    if (!sure) throw new UsageError('Not deleted (answered no)');
  }
  await config.removeProfile(name);
  ctx.out.result({ status: 200, profile: name }, () => `Deleted profile "${name}"`);
}
