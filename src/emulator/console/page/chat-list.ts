// A device's chat list kept up to date from the live `chats` events (what changed since the last one, counted), so
// that a bot sending hundreds of messages a second neither makes the page read GET /__emulator/chats again nor sends
// the page every message of chats it does not show.
import type { ChatChange, ChatSummary } from '../../control/types.js';

/**
 * The list after a `chats` event: each changed chat counted and moved to the top (the newest first), titled by the
 * contact's name when one was given, unless the list was read after the change; undefined when a group the list does not know is among them (its title must be
 * read from the emulator).
 */
export function withChanges(chats: readonly ChatSummary[], changes: readonly ChatChange[]): ChatSummary[] | undefined {
  const known = new Map(chats.map((chat) => [chat.chat, chat]));
  const changed: ChatSummary[] = [];
  for (const change of changes) {
    const before = known.get(change.chat);
    if (!before && change.isGrupo) return undefined;
    // The list was read after these messages (the event waited up to a second): they are counted already.
    if (before?.ultima && before.ultima >= change.ultima) continue;
    changed.unshift({
      ...(before ?? { chat: change.chat, isGrupo: false, titulo: change.chat, mensagens: 0, agendados: 0 }),
      ...(change.nome === undefined || before?.isGrupo ? {} : { titulo: change.nome }),
      ...(change.previa === undefined ? {} : { previa: change.previa }),
      mensagens: (before?.mensagens ?? 0) + change.novas,
      ultima: change.ultima,
    });
  }
  const moved = new Set(changed.map((chat) => chat.chat));
  return [...changed, ...chats.filter((chat) => !moved.has(chat.chat))];
}
