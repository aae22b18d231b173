// A chat message typed by its kind: the store writes each kind's content (the send operations and the inbound route,
// shown by store/chat-view.ts), so a message's direction and kind say its content's shape
// (control/message-content.ts), and a switch on them narrows it.
import type { ChatMessage } from '../../../control/types.js';
import type { KindedContent } from '../../../control/message-content.js';

export type KindedMessage = Omit<ChatMessage, 'direction' | 'kind' | 'content'> & KindedContent;

/** The message, with its content typed by its direction and kind. */
export function kinded(message: ChatMessage): KindedMessage {
  return message as KindedMessage;
}

/** A reaction's emoji ('' or `remove` when taken back) and the id of the message it reacts to, whichever side sent it. */
export function reactionOf(message: KindedMessage & { kind: 'reaction' }): { emoji: string; target: string } {
  return message.direction === 'in'
    ? { emoji: message.content.emoji, target: message.content.idMensagemOriginal }
    : { emoji: message.content.message, target: message.content.id };
}
