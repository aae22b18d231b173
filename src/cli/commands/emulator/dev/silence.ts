// dev's hint for a bot that sends nothing here: when the bot answered a contact's message with a success and no
// request of its reached this emulator within a while (--hint-after), it most likely sends elsewhere (another
// emulator, the real service, an old base URL) — a mistake that leaves no trace here, so no traffic line shows it.
// dev then says so, where this emulator listens, and with which base URL and keys (masked) the bot must send.
import { maskSecret } from '../../../../secrets.js';
import { clean } from '../../../../listen/content.js';
import type { DevSink } from './sink.js';
import type { RequestEntry, WebhookEntry } from './traffic.js';

/** How long dev waits for a request of the bot after it answered a contact's message, unless --hint-after says. */
export const DEFAULT_HINT_AFTER_MS = 10_000;

/** Where the bot must send, as the session has it now (the keys whole; the hint masks them). */
export interface Destination {
  url: string;
  authkey: string;
  appkey: string;
}

export interface SilenceWatch extends DevSink {
  /** Forgets a pending hint (dev is ending). */
  stop(): void;
}

const succeeded = (status: number | null) => status !== null && status >= 200 && status < 300;

/** A contact's message (`tipo: Chat`), not an event about the bot's own sends (`tipo: Me`), which it need not answer. */
const fromContact = (attempt: WebhookEntry) => attempt.enviado.corpo.tipo === 'Chat';

/** When the attempt began, emulator time (ms): it ended at `em`, `latenciaMs` after it began. */
const began = (attempt: WebhookEntry) => Date.parse(attempt.em) - (attempt.latenciaMs ?? 0) - 1;

/** The hint's facts (for --json) and its lines. */
function hint(attempt: WebhookEntry, afterMs: number, where: Destination) {
  const authkey = maskSecret(where.authkey);
  const appkey = maskSecret(where.appkey);
  const seconds = `${Math.round(afterMs / 100) / 10} s`;
  const facts = {
    hint: 'silent-bot',
    idMessagem: attempt.idMessagem,
    entrega: attempt.entrega,
    afterMs,
    baseUrl: where.url,
    authkey,
    appkey,
  };
  const lines = [
    `Hint: the bot answered the contact's ${clean(attempt.evento)} ${clean(attempt.idMessagem)} with ${attempt.httpStatus} and, ${seconds} on, no request of its has reached this emulator: if it meant to answer, it sends somewhere else (another emulator, the real service, an old base URL).`,
    `  This emulator listens at ${where.url}; the bot must send there: CHATBOT_BASE_URL=${where.url} CHATBOT_AUTHKEY=${authkey} CHATBOT_APPKEY=${appkey}`,
  ];
  return { facts, lines };
}

/**
 * `sink`, plus the hint: a delivery of a contact's message the bot answered with a success starts a wait of `afterMs`
 * unless a request of the bot came since the delivery began; a request of the bot ends the wait; at its end, the hint.
 * `afterMs` undefined: no hint (the webhook is dev's built-in receiver, not a bot).
 */
export function watchSilence(sink: DevSink, afterMs: number | undefined, where: () => Destination): SilenceWatch {
  let lastRequest = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    ...sink,
    request(entry: RequestEntry) {
      lastRequest = Math.max(lastRequest, Date.parse(entry.timestamp));
      stop();
      sink.request(entry);
    },
    webhook(attempt: WebhookEntry) {
      sink.webhook(attempt);
      if (afterMs === undefined) return;
      if (!succeeded(attempt.httpStatus) || !fromContact(attempt) || lastRequest >= began(attempt)) return;
      stop();
      timer = setTimeout(() => {
        timer = undefined;
        const { facts, lines } = hint(attempt, afterMs, where());
        sink.fact('hint', facts, lines);
      }, afterMs);
      timer.unref();
    },
    stop,
  };
}
