// A device's chat list kept up to date from the live messages themselves, so that a bot sending hundreds of messages a
// second does not make the page read GET /__emulator/chats again for each (the emulator would pay for every read).
import type { ChatMessage, ChatSummary } from '../../control/types.js';
import { isGroupId } from '../../rules/recipients.js';

/**
 * The list after a message: its chat counted and moved to the top, titled by the contact's name when one was given;
 * undefined when the chat is a group the list does not know yet (its title must be read from the emulator).
 */
export function withMessage(chats: readonly ChatSummary[], message: ChatMessage): ChatSummary[] | undefined {
  const known = chats.find((chat) => chat.chat === message.chat);
  if (!known && isGroupId(message.chat)) return undefined;
  const named = !known?.isGrupo && message.direction === 'in' && message.nome ? { titulo: message.nome } : {};
  const updated: ChatSummary = {
    ...(known ?? { chat: message.chat, isGrupo: false, titulo: message.chat, mensagens: 0, agendados: 0 }),
    ...named,
    mensagens: (known?.mensagens ?? 0) + 1,
    ultima: message.timestamp,
  };
  return [updated, ...chats.filter((chat) => chat !== known)];
}
