// Forwarding for `chatbot listen`: re-POSTs an event's raw bytes, with its original content type, to the user's URL.
import { Agent, request, errors as undiciErrors } from 'undici';
import { onShutdown } from '../lifecycle.js';

export interface ForwardRequest {
  url: string;
  body: Uint8Array;
  /** The content type the event arrived with; sent unchanged (omitted when it had none). */
  contentType: string | undefined;
  timeoutMs: number;
  userAgent: string;
  /** Aborts the attempt (the listener is stopping). */
  signal?: AbortSignal;
}

/** What one attempt came to: the target's HTTP status, or why no status came back. */
export type ForwardOutcome = { status: number } | { failure: string };

let sharedAgent: Agent | undefined;

function agent(): Agent {
  if (!sharedAgent) {
    const created = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
    sharedAgent = created;
    onShutdown(async () => {
      sharedAgent = undefined;
      await created.close();
    });
  }
  return sharedAgent;
}

/** One POST of the event to the target; never throws, so the caller decides about retries. */
export async function forwardOnce(forward: ForwardRequest): Promise<ForwardOutcome> {
  const timeout = AbortSignal.timeout(forward.timeoutMs);
  try {
    const response = await request(forward.url, {
      method: 'POST',
      dispatcher: agent(),
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
  if (isTimeout(error)) return `no answer within ${forward.timeoutMs / 1000} s`;
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return code ?? (error instanceof Error ? error.message : String(error));
}

function isTimeout(error: unknown): boolean {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) return true;
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function errorCode(error: unknown): string | undefined {
  const withCause = error as { code?: unknown; cause?: { code?: unknown } };
  const code = withCause.code ?? withCause.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
