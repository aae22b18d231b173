// Whether a base URL is the local chatbot emulator, asked of the service itself, and what that changes in the advice.
import type { RequesterConfig } from '../../api/request.js';
import { ApiError, ExitCode } from '../../errors.js';
import { VERSION } from '../../version.js';

/** True when the service answers the emulator's health route (an emulator anywhere, e.g. in a container). */
export async function answersEmulatorHealth(
  baseUrl: string,
  dispatcher?: RequesterConfig['dispatcher'],
): Promise<boolean> {
  try {
    const { createRequester } = await import('../../api/request.js');
    const request = createRequester({
      baseUrl,
      timeoutMs: 1500,
      userAgent: `chatbot/${VERSION}`,
      retryDelaysMs: [],
      ...(dispatcher ? { dispatcher } : {}),
    });
    return (await request('/__emulator/health')).status === 200;
  } catch {
    return false;
  }
}

/** The next step when the emulator rejects an authkey: it forgot the account, so logging in again cannot help. */
export const EMULATOR_FORGOT_ACCOUNT =
  'this emulator has no account with that authkey (one started with --db :memory: forgets every account when it ' +
  'restarts) — run `chatbot register` to make one on it';

/** `error` with the emulator's next step when it is a rejected authkey and `baseUrl` is the emulator; else `error`. */
export async function withEmulatorNextStep(
  error: ApiError,
  baseUrl: string,
  dispatcher?: RequesterConfig['dispatcher'],
): Promise<ApiError> {
  const text = (error.body as { message?: unknown } | null)?.message;
  if (error.exitCode !== ExitCode.auth || typeof text !== 'string' || !/^Authkey inv/i.test(text)) return error;
  if (!(await answersEmulatorHealth(baseUrl, dispatcher))) return error;
  return new ApiError(error.serviceStatus, `${text} (${EMULATOR_FORGOT_ACCOUNT})`, error.body, false, error.exitCode);
}
