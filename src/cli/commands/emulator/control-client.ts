// The control-API client for `chatbot emulator ...` commands, after checking that the base URL is the emulator.
import type { EmulatorControl } from '../../../api/emulator-control.js';
import type { PlannedRequest } from '../../../api/request.js';
import { NetworkError, UsageError } from '../../../errors.js';
import { maskKeys, maskQueryKeys } from '../../../secrets.js';
import { DryRunComplete, type Context } from '../../context.js';
import { maskUrlCredentials } from '../../../url.js';

const ONLY_LOCAL =
  'these commands only work against the local emulator — start it with `chatbot emulator start`' +
  ' and point --base-url (or CHATBOT_BASE_URL) at it';

/**
 * The control client for `baseUrl` (the resolved one by default); fails unless GET /__emulator/health answers there.
 * Its requests share the command's one deadline (`--timeout`), unless `timeout: 'request'` gives each its own (a
 * command that runs until Ctrl-C and makes requests all along: `dev`).
 */
export async function emulatorControl(
  ctx: Context,
  baseUrl?: string,
  scope: { timeout?: 'command' | 'request' } = {},
): Promise<EmulatorControl> {
  baseUrl ??= await ctx.serviceUrl();
  const [{ createRequester }, { EmulatorControl }, { VERSION }] = await Promise.all([
    import('../../../api/request.js'),
    import('../../../api/emulator-control.js'),
    import('../../../version.js'),
  ]);
  const requester = createRequester({
    baseUrl,
    timeoutMs: ctx.timeoutMs(),
    ...(scope.timeout === 'request' ? {} : { deadline: ctx.run.deadline(ctx.timeoutMs()) }),
    userAgent: `chatbot/${VERSION}`,
    ...controlToken(ctx),
    dispatcher: () => ctx.run.dispatcher(),
    secrets: ctx.run.secrets,
    ...(ctx.options.dryRun ? { dryRun: (planned: PlannedRequest) => printPlan(ctx, planned) } : {}),
  });
  const control = new EmulatorControl(requester);
  // Under --dry-run the plan of the command's own request is the useful one, so the health check is skipped.
  if (!ctx.options.dryRun) await ensureEmulator(control, baseUrl);
  return control;
}

/** CHATBOT_EMULATOR_TOKEN: what an emulator listening beyond loopback printed at start, sent as its header. */
export function controlToken(ctx: Context): { headers?: Record<string, string> } {
  const token = ctx.env.CHATBOT_EMULATOR_TOKEN?.trim();
  return token ? { headers: { 'x-emulator-token': token } } : {};
}

async function ensureEmulator(control: EmulatorControl, baseUrl: string): Promise<void> {
  try {
    await control.health();
  } catch (error) {
    if (error instanceof NetworkError) throw new NetworkError(`No emulator answers at ${baseUrl}: ${ONLY_LOCAL}`);
    throw new UsageError(`${baseUrl} is not the local chatbot emulator (GET /__emulator/health failed): ${ONLY_LOCAL}`);
  }
}

function printPlan(ctx: Context, planned: PlannedRequest): never {
  const { names } = ctx.run.secrets;
  const url = maskQueryKeys(maskUrlCredentials(planned.url), names);
  const body = planned.body === undefined ? undefined : maskKeys(planned.body, names);
  ctx.out.result({ dryRun: true, method: planned.method, url, body }, () => [
    `${planned.method} ${url}`,
    ...(body === undefined ? [] : [JSON.stringify(body, null, 2)]),
  ]);
  ctx.out.info('Dry run: nothing was sent.');
  throw new DryRunComplete();
}

/** The device key a control command acts for: --appkey, CHATBOT_APPKEY, or the profile's current device. */
export async function controlAppkey(ctx: Context): Promise<string> {
  const appkey = (await ctx.settings()).appkey?.value;
  if (!appkey) {
    throw new UsageError(
      'No device selected — pass --appkey KEY (or set CHATBOT_APPKEY, or pair one with `chatbot pair`)',
    );
  }
  return appkey;
}
