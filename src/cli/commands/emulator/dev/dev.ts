// chatbot dev: the emulator (the one answering at the base URL, or one started here), an account and a connected
// device whose webhook is the bot (or a built-in receiver), kept in the profile; the bot's settings; then the
// device's traffic both ways, as `emulator outbox --follow` shows it, until Ctrl-C.
import type { EmulatorControl, LiveEvent } from '../../../../api/emulator-control.js';
import { DEFAULT_BASE_URL } from '../../../../defaults.js';
import { UsageError } from '../../../../errors.js';
import { maskSecret } from '../../../../secrets.js';
import { httpUrl, isLoopbackHost } from '../../../../url.js';
import type { InputOf } from '../../../command.js';
import type { Context } from '../../../context.js';
import { answersEmulatorHealth } from '../../../shared/emulator-health.js';
import { rememberDevice } from '../../../shared/device-records.js';
import { emulatorControl } from '../control-client.js';
import { followDevice } from '../conversation/follow.js';
import { localTime, messageLines, type LineOptions } from '../conversation/message-lines.js';
import type { devCommand } from './dev-command.js';

interface Running {
  url: string;
  /** True when dev started it (Ctrl-C then stops it). */
  own: boolean;
  close(): Promise<void>;
}

interface BotSettings {
  baseUrl: string;
  authkey: string;
  appkey: string;
}

/** Refuses to overwrite a profile that holds an account of a service other than a local one. */
async function checkProfile(ctx: Context, name: string): Promise<void> {
  const stored = (await ctx.config()).profile(name);
  const url = stored.baseUrl ?? DEFAULT_BASE_URL;
  if (stored.authkey === undefined || isLoopbackHost(new URL(url).hostname)) return;
  throw new UsageError(
    `Profile "${name}" holds an account of ${url}; chatbot dev would replace it — run \`chatbot dev --profile dev\` to keep the emulator's keys in a profile of their own`,
  );
}

async function emulatorFor(ctx: Context, baseUrl: string, port: number): Promise<Running> {
  if (await answersEmulatorHealth(baseUrl, () => ctx.run.dispatcher())) {
    return { url: baseUrl.replace(/\/+$/, ''), own: false, close: () => Promise.resolve() };
  }
  const { startEmulator } = await import('../../../../emulator/index.js');
  const emulator = await startEmulator({
    port,
    host: '127.0.0.1',
    db: ':memory:',
    warn: (l) => ctx.out.notice(l),
  }).catch((error: unknown) => {
    const { code } = error as { code?: string };
    if (code !== 'EADDRINUSE') throw error;
    throw new UsageError(`Port ${port} is already in use and no emulator answers at ${baseUrl} — pick another --port`);
  });
  return { url: emulator.url, own: true, close: () => emulator.close() };
}

/** A receiver that answers every webhook event with 200 (the traffic shows here anyway). */
async function builtInReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const { startReceiver } = await import('../../../../listen/receiver.js');
  return startReceiver({ host: '127.0.0.1', port: 0, path: '/', onEvent: () => undefined });
}

async function makeDevice(ctx: Context, control: EmulatorControl, webhook: string, baseUrl: string) {
  const settings = await ctx.settings();
  const device = await control.setup({
    webhook,
    ...(settings.authkey ? { authkey: settings.authkey.value } : {}),
    ...(settings.appkey ? { appkey: settings.appkey.value } : {}),
  });
  ctx.run.secrets.remember(device.authkey);
  ctx.run.secrets.remember(device.appkey);
  await rememberDevice(ctx, { appkey: device.appkey, id: device.id, name: device.nome }, true);
  await (
    await ctx.config()
  ).updateProfile(settings.profile, (profile) => ({
    ...profile,
    baseUrl,
    authkey: device.authkey,
  }));
  return { device, profile: settings.profile };
}

function printSettings(ctx: Context, bot: BotSettings, whole: boolean): void {
  const lines = [
    ['CHATBOT_BASE_URL', bot.baseUrl],
    ['CHATBOT_AUTHKEY', whole ? bot.authkey : maskSecret(bot.authkey)],
    ['CHATBOT_APPKEY', whole ? bot.appkey : maskSecret(bot.appkey)],
  ].map(([name, value]) => `${name}=${value}`);
  if (whole) {
    ctx.out.raw(lines.map((line) => `export ${line}\n`).join(''));
    return;
  }
  ctx.out.info(`Your bot's settings (whole with --env):\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/** A webhook attempt of the device that failed: what, why, and when the next one is due. */
function webhookTrouble(event: LiveEvent, deviceId: string, options: LineOptions): string | undefined {
  if (event.type !== 'webhook' || event.data.dispositivo !== deviceId) return undefined;
  const attempt = event.data;
  if (attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300) return undefined;
  const why = attempt.httpStatus === null ? (attempt.erro ?? 'no answer') : `HTTP ${attempt.httpStatus}`;
  const next =
    attempt.proxima === null ? 'given up' : `next attempt ${localTime(attempt.proxima, options.timeZone, 'time')}`;
  return `⚠ webhook ${attempt.evento} ${attempt.idMessagem} (attempt ${attempt.tentativa}): ${why}; ${next}`;
}

export async function dev(ctx: Context, { opts }: InputOf<typeof devCommand>): Promise<void> {
  ctx.refuseDryRun('dev');
  if (ctx.out.json)
    throw new UsageError('chatbot dev shows the traffic as lines; leave out --json (--env prints the settings)');
  const webhookUrl = opts.webhook === undefined ? undefined : httpUrl('--webhook', opts.webhook);
  ctx.allowNewProfile();
  const settings = await ctx.settings();
  await checkProfile(ctx, settings.profile);
  const interrupt = ctx.run.catchInterrupt();
  const emulator = await emulatorFor(ctx, settings.baseUrl.value, opts.port);
  const receiver = webhookUrl === undefined ? await builtInReceiver() : undefined;
  try {
    const control = await emulatorControl(ctx, emulator.url);
    const webhook = webhookUrl ?? receiver?.url ?? '';
    const { device, profile } = await makeDevice(ctx, control, webhook, emulator.url);
    ctx.out.info(
      [
        `Emulator ${emulator.url} (${emulator.own ? 'started here; Ctrl-C stops it' : 'already running'})`,
        `Device ${device.nome} (${device.id}) connected; its webhook: ${webhookUrl ?? `${webhook} (built-in receiver)`}`,
        `Profile "${profile}" now uses them: in another terminal, \`chatbot emulator trigger text --from +5521998765432 -m oi\` writes to it`,
      ].join('\n'),
    );
    printSettings(ctx, { baseUrl: emulator.url, authkey: device.authkey, appkey: device.appkey }, opts.env === true);
    await follow(ctx, control, { baseUrl: emulator.url, appkey: device.appkey }, interrupt.signal);
  } finally {
    interrupt.release();
    await receiver?.close();
    await emulator.close();
  }
}

async function follow(
  ctx: Context,
  control: EmulatorControl,
  device: { baseUrl: string; appkey: string },
  signal: AbortSignal,
): Promise<void> {
  const options: LineOptions = { style: ctx.out.style, timeZone: (await ctx.settings()).timezone.value, clock: 'time' };
  await followDevice(ctx, control, {
    baseUrl: device.baseUrl,
    appkey: device.appkey,
    to: undefined,
    signal,
    history: () => ctx.out.info('The traffic both ways follows; Ctrl-C to stop.'),
    message: (message) => {
      for (const line of messageLines(message, options)) ctx.out.raw(`${line}\n`);
    },
    other: (event, deviceId) => {
      const trouble = webhookTrouble(event, deviceId, options);
      if (trouble !== undefined) ctx.out.notice(trouble);
    },
  });
}
