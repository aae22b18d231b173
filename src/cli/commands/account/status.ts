// status: the profile, its keys masked, its device, and whether the service answers and accepts the authkey.
import { ApiError, AuthFailure, CliError, NetworkError, UsageError } from '../../../errors.js';
import { maskSecret } from '../../../secrets.js';
import type { Context } from '../../context.js';
import { EMULATOR_FORGOT_ACCOUNT } from '../../shared/emulator-health.js';

interface Probe {
  reachable: boolean;
  authkeyAccepted?: boolean;
  detail: string;
}

/** What `status` found, and the failure that decides its exit code (none when the key is accepted). */
async function probe(ctx: Context, authkey: string | undefined): Promise<{ check: Probe; failure?: CliError }> {
  const accepted = { check: { reachable: true, authkeyAccepted: true, detail: 'answers; authkey accepted' } };
  try {
    await (await ctx.api()).listDevices(authkey ?? '');
    return accepted;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return accepted;
    if (error instanceof ApiError && error.status === 401) {
      const check = {
        reachable: true,
        authkeyAccepted: false,
        detail: authkey ? 'answers; authkey rejected (401)' : 'answers',
      };
      return { check, failure: new AuthFailure(authkey ? keyRejected(error) : NO_KEY) };
    }
    if (error instanceof UsageError) throw error;
    if (error instanceof NetworkError) return { check: { reachable: false, detail: error.message }, failure: error };
    if (error instanceof CliError)
      return { check: { reachable: true, detail: `answers wrongly: ${error.message}` }, failure: error };
    throw error;
  }
}

const NO_KEY =
  'No authkey in this profile — run `chatbot register` or `chatbot login`, or pass --authkey / set CHATBOT_AUTHKEY';

/** Why the key was refused and what to do: log in again, or against an emulator that forgot it, register there. */
function keyRejected(error: ApiError): string {
  if (error.message.includes(EMULATOR_FORGOT_ACCOUNT))
    return `The emulator rejected the authkey (401): ${EMULATOR_FORGOT_ACCOUNT}`;
  return 'The service rejected the authkey (401) — it may be wrong or expired: run `chatbot login` with a valid one';
}

/**
 * Prints the report, then fails (exit 7 unreachable, 3 key missing or rejected, 8 a wrong answer) unless all is well;
 * the failure's own message says why, once, on stderr. A base URL that is not a service's is a usage error (exit 2),
 * before any report.
 */
export async function status(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const { check, failure } = await probe(ctx, settings.authkey?.value);
  const device = settings.device;
  const body = {
    status: failure ? failure.status : 200,
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    authkey: settings.authkey ? { value: maskSecret(settings.authkey.value), source: settings.authkey.source } : null,
    appkey: settings.appkey
      ? { value: ctx.run.secrets.mask(settings.appkey.value), source: settings.appkey.source }
      : null,
    device: device ? { id: device.id, name: device.name } : null,
    service: check,
  };
  const s = ctx.out.style;
  ctx.out.result(body, () => [
    `profile   ${settings.profile}`,
    `base URL  ${settings.baseUrl.value} ${s.dim(`(${settings.baseUrl.source})`)}`,
    `authkey   ${settings.authkey ? `${maskSecret(settings.authkey.value)} ${s.dim(`(${settings.authkey.source})`)}` : s.yellow('none — run `chatbot register` or `chatbot login`')}`,
    `device    ${device ? `${device.name} (${device.id}), appkey ${ctx.run.secrets.mask(device.appkey)}` : settings.appkey ? `appkey ${ctx.run.secrets.mask(settings.appkey.value)} ${s.dim(`(${settings.appkey.source})`)}` : 'none — pair one with `chatbot pair`'}`,
    `service   ${check.reachable && !failure ? s.green(check.detail) : s.red(check.reachable ? check.detail : 'unreachable')}`,
  ]);
  if (failure) throw failure;
}
