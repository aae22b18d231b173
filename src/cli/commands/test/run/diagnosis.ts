// What the emulator saw from the bot while a step failed: the requests for the conversation's device or contacts
// (operation, status, and why a refused one was refused) and the webhook deliveries of the contact's messages. When
// nothing came, where the bot should have sent, and with which keys. Read from the control API only after a failure.
import type { LoggedRequestView, WebhookAttemptView } from '../../../../api/emulator-control.js';
import type { ConversationState, RunFacts } from './conversation-state.js';
import { localTime } from '../../../shared/local-time.js';

/** The first four characters of a key and its length, as the emulator masks it. */
function mask(key: string): string {
  return key.length >= 12 ? `${key.slice(0, 4)}…(${key.length})` : '…';
}

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

/** Requests for the device (by its appkey), or to one of the conversation's chats (a wrong appkey still names `to`). */
async function requestsSince(state: ConversationState, since: number): Promise<LoggedRequestView[]> {
  const { control } = state.deps;
  const from = new Date(since).toISOString();
  const [own, all] = await Promise.all([
    control.requests({ appkey: state.appkey, since: from }),
    control.requests({ since: from }),
  ]);
  const chats = new Set([...state.chats].map(digits));
  const toChat = (all.requisicoes ?? []).filter(
    (entry) => chats.has(digits(entry.body.to)) || chats.has(String(entry.body.to)),
  );
  const byId = new Map([...(own.requisicoes ?? []), ...toChat].map((entry) => [entry.id, entry]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function requestLine(entry: LoggedRequestView): string {
  const status = entry.status === null ? 'dropped' : String(entry.status);
  const what = `${entry.method} ${entry.path}${entry.operation ? ` ${entry.operation}` : ''}`;
  return `request ${what} → ${status}${entry.reason ? `: ${entry.reason}` : ''}`;
}

/** An attempt: where it went, the bot's status (in how long) or the error, and the next attempt in the profile's zone. */
function attemptLine(attempt: WebhookAttemptView, facts: RunFacts): string {
  const where = facts.botUrl === undefined ? '' : ` to ${facts.botUrl}`;
  const latency = attempt.latenciaMs === null ? '' : ` in ${attempt.latenciaMs} ms`;
  const outcome =
    attempt.httpStatus === null ? `failed: ${attempt.erro ?? 'no answer'}` : `→ HTTP ${attempt.httpStatus}${latency}`;
  const next = attempt.proxima === null ? undefined : localTime(attempt.proxima, facts.timeZone, 'date-time');
  const retry = next === undefined ? '' : ` (next attempt at ${next})`;
  return `webhook ${attempt.evento} event (delivery ${attempt.entrega}, attempt ${attempt.tentativa})${where} ${outcome}${retry}`;
}

/** Attempts at delivering the contact's messages (those of the conversation) since `since`. */
async function attemptsSince(state: ConversationState, since: number): Promise<WebhookAttemptView[]> {
  const ids = new Set(state.contactMessages.map((message) => message.id));
  const body = await state.deps.control.attempts({ appkey: state.appkey });
  return (body.tentativas ?? []).filter((attempt) => ids.has(attempt.idMessagem) && Date.parse(attempt.em) >= since);
}

const WRONG_KEY = /is not an account of this emulator|is another account's|is not a device of this emulator/;

/**
 * Why nothing came from the bot during the step. A bot that answered the contact's event with an error status failed
 * in its own handler (that is the cause to read, not where it sends); one that reached this emulator earlier in the
 * conversation sends to the right place with the right keys; only one that never did is told where to send, and with
 * which keys.
 */
function nothingArrived(state: ConversationState, facts: RunFacts, attempts: WebhookAttemptView[]): string[] {
  const earlier = state.botMessages().length;
  const delivered = attempts.some((attempt) => attempt.httpStatus !== null && attempt.httpStatus < 300);
  const refused = attempts.filter((attempt) => attempt.httpStatus !== null && attempt.httpStatus >= 300).at(-1);
  const bot = facts.botUrl ?? "the device's webhook";
  const since = earlier > 0 ? ' since the step before this one' : '';
  const lines = [
    `nothing arrived from the bot${since}: no request for this device or contact reached the emulator at ${facts.url}`,
  ];
  if (earlier > 0) {
    const messages = earlier === 1 ? 'a message' : `${earlier} messages`;
    lines.push(
      `the bot sent ${messages} earlier in this conversation, so it sends to the right place with the right keys`,
    );
  } else if (!refused || delivered) {
    const keys = [
      facts.authkey === undefined ? undefined : `authkey ${mask(facts.authkey)}`,
      `appkey ${state.appkey.length >= 12 ? mask(state.appkey) : state.appkey}`,
    ].filter((key): key is string => key !== undefined);
    lines.push(`the bot must send to ${facts.url} (its base URL) with ${keys.join(' and ')}`);
  }
  if (delivered) {
    const elsewhere =
      earlier > 0 ? '' : '; is the bot sending to another address (another emulator, the real service)?';
    lines.push(`the contact's message was delivered to ${bot}, and the bot answered it${elsewhere}`);
  } else if (refused) {
    lines.push(
      `the bot answered the contact's message with HTTP ${refused.httpStatus}: its webhook handler failed (its own log says why)`,
    );
  } else {
    const attempt = attempts.length === 0 ? ' (no attempt yet)' : '';
    lines.push(`the contact's message was not delivered to ${bot}${attempt}`);
  }
  return lines;
}

/** The lines of what the emulator saw since `sinceWallMs` (wall-clock ms); empty when it could not be read. */
export async function diagnose(state: ConversationState, sinceWallMs: number, facts: RunFacts): Promise<string[]> {
  try {
    // The request log and the attempts are stamped with the emulator's clock, which a conversation may have moved.
    const agora = Date.parse((await state.deps.control.clock()).agora);
    const since = Number.isFinite(agora) ? sinceWallMs + (agora - Date.now()) : sinceWallMs;
    const [requests, attempts] = await Promise.all([requestsSince(state, since), attemptsSince(state, since)]);
    const lines = attempts.map((attempt) => attemptLine(attempt, facts));
    if (requests.length === 0) return [...lines, ...nothingArrived(state, facts, attempts)];
    const wrongKeys = requests.some((entry) => entry.reason !== null && WRONG_KEY.test(entry.reason));
    const keyLine = wrongKeys
      ? [`the bot's requests carried keys this device does not take: check its authkey and appkey (${facts.url})`]
      : [];
    return [...lines, ...requests.map(requestLine), ...keyLine];
  } catch {
    return [];
  }
}
