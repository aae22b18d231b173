// Forwarding for `chatbot listen`: re-POSTs an event's raw bytes, with its original content type, to the user's URL.
import { request, type Dispatcher } from 'undici';
import { errorCode } from './request.js';

export interface ForwardRequest {
  url: string;
  body: Uint8Array;
  /** The content type the event arrived with; sent unchanged (omitted when it had none). */
  contentType: string | undefined;
  timeoutMs: number;
  userAgent: string;
  /** The run's connection pool; undici's default when absent. */
  dispatcher?: Dispatcher;
  /** Aborts the attempt (the listener is stopping). */
  signal?: AbortSignal;
}

/** What one attempt came to: the target's HTTP status, or why no status came back. */
export type ForwardOutcome = { status: number } | { failure: string };

/** One POST of the event to the target; never throws, so the caller decides about retries. */
export async function forwardOnce(forward: ForwardRequest): Promise<ForwardOutcome> {
  const timeout = AbortSignal.timeout(forward.timeoutMs);
  try {
    const response = await request(forward.url, {
      method: 'POST',
      ...(forward.dispatcher ? { dispatcher: forward.dispatcher } : {}),
      headers: {
        ...(forward.contentType === undefined ? {} : { 'content-type': forward.contentType }),
        'user-agent': forward.userAgent,
      },
      body: forward.body,
      headersTimeout: forward.timeoutMs,
      bodyTimeout: forward.timeoutMs,
      signal: forward.signal ? AbortSignal.any([forward.signal, timeout]) : timeout,
    });
    await response.body.dump();
    return { status: response.statusCode };
  } catch (error) {
    return { failure: describeFailure(error, forward) };
  }
}

function describeFailure(error: unknown, forward: ForwardRequest): string {
  if (forward.signal?.aborted) return 'stopped before an answer came';
  const code = errorCode(error);
  if (code === 'TIMEOUT') return `no answer within ${forward.timeoutMs / 1000} s`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return code ?? (error instanceof Error ? error.message : String(error));
}
