// dev's session: the emulator (the one answering at the base URL, or one started here), an account and a connected
// device whose webhook is the bot (or a built-in receiver), kept in the profile so that the next run makes the same keys.
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import { DEFAULT_EMULATOR_PORT } from '../../../../defaults.js';
import { DEFAULT_BASE_URL } from '../../../../defaults.js';
import { UsageError } from '../../../../errors.js';
import { maskSecret } from '../../../../secrets.js';
import { isLoopbackHost } from '../../../../url.js';
import type { Context } from '../../../context.js';
import { rememberDevice } from '../../../shared/device-records.js';
import { answersEmulatorHealth } from '../../../shared/emulator-health.js';

export interface Running {
  url: string;
  /** The console's address. */
  console: string;
  /** True when dev started it (it stops with dev). */
  own: boolean;
  close(): Promise<void>;
}

export interface DevDevice {
  id: string;
  nome: string;
  authkey: string;
  appkey: string;
}

/** Refuses to overwrite a profile that holds an account of a service other than a local one. */
export async function checkProfile(ctx: Context, name: string): Promise<void> {
  const stored = (await ctx.config()).profile(name);
  const url = stored.baseUrl ?? DEFAULT_BASE_URL;
  if (stored.authkey === undefined || isLoopbackHost(new URL(url).hostname)) return;
  throw new UsageError(
    `Profile "${name}" holds an account of ${url}; chatbot dev would replace it — run \`chatbot dev --profile dev\` to keep the emulator's keys in a profile of their own`,
  );
}

/** The emulator answering at `baseUrl`, if one does (`--port` then must name its port, or be left out). */
export async function runningEmulator(
  ctx: Context,
  baseUrl: string,
  port: number | undefined,
): Promise<Running | undefined> {
  if (!(await answersEmulatorHealth(baseUrl, () => ctx.run.dispatcher()))) return undefined;
  const url = baseUrl.replace(/\/+$/, '');
  const its = new URL(url);
  const itsPort = its.port === '' ? (its.protocol === 'https:' ? 443 : 80) : Number(its.port);
  if (port !== undefined && port !== itsPort) {
    throw new UsageError(
      `An emulator already answers at ${url}, so dev uses it and starts none: --port ${port} would be ignored — leave out --port to use that one, or stop it first (or point --base-url elsewhere) to have dev start one on port ${port}`,
    );
  }
  return { url, console: `${url}/`, own: false, close: () => Promise.resolve() };
}

/** The emulator at `baseUrl`, or one started here on `port` (in memory: it ends with dev). */
export async function emulatorFor(ctx: Context, baseUrl: string, port: number | undefined): Promise<Running> {
  const running = await runningEmulator(ctx, baseUrl, port);
  if (running) return running;
  const listen = port ?? DEFAULT_EMULATOR_PORT;
  const { startEmulator } = await import('../../../../emulator/index.js');
  const emulator = await startEmulator({
    port: listen,
    host: '127.0.0.1',
    db: ':memory:',
    warn: (l) => ctx.out.notice(l),
  }).catch((error: unknown) => {
    const { code } = error as { code?: string };
    if (code !== 'EADDRINUSE') throw error;
    throw new UsageError(
      `Port ${listen} is already in use and no emulator answers at ${baseUrl} — pick another --port`,
    );
  });
  return { url: emulator.url, console: emulator.consoleUrl, own: true, close: () => emulator.close() };
}

/** A receiver that answers every webhook event with 200 (the traffic shows here anyway). */
export async function builtInReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const { startReceiver } = await import('../../../../listen/receiver.js');
  return startReceiver({ host: '127.0.0.1', port: 0, path: '/', onEvent: () => undefined });
}

/**
 * The account and the connected device, made or re-used with the profile's keys (so a bot configured with them goes
 * on working), kept in the profile with the emulator's base URL. Without `webhook`, a device keeps its own.
 */
export async function makeDevice(
  ctx: Context,
  control: EmulatorControl,
  webhook: string | undefined,
  baseUrl: string,
): Promise<{ device: DevDevice; profile: string }> {
  const settings = await ctx.settings();
  const device = await control.setup({
    ...(webhook === undefined ? {} : { webhook }),
    ...(settings.authkey ? { authkey: settings.authkey.value } : {}),
    ...(settings.appkey ? { appkey: settings.appkey.value } : {}),
  });
  ctx.run.secrets.remember(device.authkey);
  ctx.run.secrets.remember(device.appkey);
  // A device named by its appkey (setup names a device it makes with the appkey given) is recorded by its id: a name
  // is shown whole wherever it appears, and this one is a key nobody chose to show.
  const name = device.nome === device.appkey ? device.id : device.nome;
  await rememberDevice(ctx, { appkey: device.appkey, id: device.id, name }, true);
  await (
    await ctx.config()
  ).updateProfile(settings.profile, (profile) => ({
    ...profile,
    baseUrl,
    authkey: device.authkey,
  }));
  return {
    device: { ...device, nome: name === device.id ? maskSecret(device.nome) : device.nome },
    profile: settings.profile,
  };
}

/** The console's deep link to the device's chat with `contact` (digits), as the console reads it. */
export function consoleLink(consoleUrl: string, deviceId: string, contact: string): string {
  const url = new URL(consoleUrl);
  url.searchParams.set('device', deviceId);
  url.searchParams.set('contact', contact);
  return url.toString();
}
