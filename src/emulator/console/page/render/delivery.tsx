// How the chat shows the webhook side of a contact's message (its delivery state, in words: no emoji font needed) and
// a send of the bot the emulator refused (a muted bubble with the status and the reason).
import type { LoggedRequest } from '../../../control/types.js';
import type { Delivery } from '../deliveries.js';
import { logTime, messageTime } from './clock-time.js';
import type { Node } from './node.js';

/** What the bot did with an attempt, in a few words: `the bot answered HTTP 500`, or the connection's error. */
export function answerWords(attempt: Delivery['last']): string {
  if (attempt.httpStatus !== null) return `the bot answered HTTP ${attempt.httpStatus}`;
  return `the bot did not answer (${attempt.erro ?? 'no response'})`;
}

/** The line under a contact's message: delivered to the bot, retrying (when, and why), or failed (why). */
export function deliveryMark(delivery: Delivery | undefined): Node | null {
  if (!delivery) return null;
  const { state, last } = delivery;
  const text =
    state === 'delivered'
      ? 'delivered to the bot'
      : state === 'retrying'
        ? `${answerWords(last)}; retrying at ${logTime(last.proxima ?? last.em)} (attempt ${last.tentativa + 1})`
        : `not delivered: ${answerWords(last)} on attempt ${last.tentativa}, the last`;
  return <span class={`delivery ${state}`} data-testid="delivery-state">{` · ${text}`}</span>;
}

/** A send of the bot refused for this chat, where its message would have been; `inspect` opens it in the inspector. */
export function refusedBubble(request: LoggedRequest, inspect: (request: LoggedRequest) => void): Node {
  const status = request.status === null ? 'dropped' : String(request.status);
  return (
    <article
      class="message out refused"
      data-testid="rejected-request"
      data-status={status}
      aria-label={`The bot's ${request.operation ?? 'request'} refused with ${status}`}
    >
      <p class="hint">{`The bot's ${request.operation ?? `${request.method} ${request.path}`} was refused: ${status}`}</p>
      <p class="reason">{request.reason ?? ''}</p>
      <footer>
        <time dateTime={request.timestamp}>{messageTime(request.timestamp)}</time>{' '}
        <button type="button" class="link" onClick={() => inspect(request)}>
          Inspect the request
        </button>
      </footer>
    </article>
  );
}
