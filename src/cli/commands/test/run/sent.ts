// What the bot sent, as the fields expectations talk about: read from an outbox entry, or from the request that
// scheduled a message.
import type { LoggedRequestView, OutboxMessage } from '../../../../api/emulator-control.js';

export interface SentMessage {
  id: string;
  /** The outbox kind (text, buttons, ...), or `schedule`. */
  kind: string;
  /** Who it went to: a contact's digits or a group id (a schedule's first recipient). */
  to: string;
  text?: string;
  buttons?: string[];
  options?: string[];
  multiple?: boolean;
  cards?: number;
  mediaType?: string;
  fileName?: string;
  emoji?: string;
  /** A reply: the id of the message it quotes, and the quoted text when the bot gave it. */
  quotedId?: string;
  quotedText?: string;
  /** A schedule: when it goes out, as the bot wrote it. */
  at?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object') : [];
}

function buttonTexts(value: unknown, key: 'displaytext' | 'texto'): string[] {
  return records(value).map((button) => text(button[key]) ?? '');
}

/** The fields of each kind's content, as the emulator's outbox holds them. */
const READERS: Record<string, (content: Record<string, unknown>) => Partial<SentMessage>> = {
  text: (c) => ({ text: text(c.message) }),
  buttons: (c) => ({ text: text(c.message), buttons: buttonTexts(c.buttons, 'displaytext') }),
  carousel: (c) => ({
    text: text(c.message),
    cards: records(c.cards).length,
    buttons: records(c.cards).flatMap((card) => buttonTexts(card.buttons, 'displaytext')),
  }),
  poll: (c) => ({
    text: text(c.message),
    options: Array.isArray(c.opcoes) ? c.opcoes.map(String) : [],
    multiple: c.multiplaEscolha === true,
  }),
  location: (c) => ({ text: text(c.message) }),
  media: (c) => ({ text: text(c.caption), mediaType: text(c.mediaType), fileName: text(c.fileName) }),
  template: (c) => ({ text: text(c.message), buttons: buttonTexts(c.botoes, 'texto') }),
  reply: (c) => ({ text: text(c.message), quotedId: text(c.idMensagem), quotedText: text(c.respostaMensagem) }),
  reaction: (c) => ({ emoji: text(c.message) }),
};

export function sentFromOutbox(message: OutboxMessage): SentMessage {
  const read = READERS[message.kind] ?? READERS.text;
  return { id: message.id, kind: message.kind, to: message.to, ...read?.(message.content) };
}

/** The recipients of a scheduleMessage request, as digits or group ids (`to` may be a list or JSON text of one). */
export function scheduleRecipients(body: Record<string, unknown>): string[] {
  let to: unknown = body.to;
  if (typeof to === 'string' && to.trim().startsWith('[')) {
    try {
      to = JSON.parse(to) as unknown;
    } catch {
      return [];
    }
  }
  const list = Array.isArray(to) ? to : [to];
  return list.map((item) => {
    const value = String(item);
    return value.includes('@g.us') ? value.trim() : value.replace(/@.*$/, '').replace(/\D/g, '');
  });
}

export function sentFromSchedule(request: LoggedRequestView): SentMessage {
  const { body } = request;
  const file = text(body.file);
  return {
    id: `schedule-${request.id}`,
    kind: 'schedule',
    to: scheduleRecipients(body)[0] ?? '',
    text: text(body.message),
    at: text(body.agendamento),
    ...(file ? { fileName: text(body.nomearquivo) ?? file } : {}),
  };
}
