// "retrying 2/4 after 0.75 s: ..." on stderr while a read is retried, where someone watches (a terminal) or asked
// (CHATBOT_DEBUG); scripts reading stderr otherwise see only the final error.
import type { RetryNotice } from '../api/request.js';
import type { Output } from './output.js';

/** The retry reporter for a run, or undefined when retries stay silent. */
export function retryNotices(
  out: Output,
  env: Record<string, string | undefined>,
): ((retry: RetryNotice) => void) | undefined {
  const debug = env.CHATBOT_DEBUG !== undefined && env.CHATBOT_DEBUG !== '' && env.CHATBOT_DEBUG !== '0';
  if (!debug && !out.stderrIsTTY) return undefined;
  return ({ attempt, attempts, delayMs, cause }) => {
    out.info(`retrying ${attempt}/${attempts} after ${delayMs / 1000} s: ${cause.message.replace(/ — .*$/, '')}`);
  };
}
