// One chat of a device's list, as messaging apps list them: the title and the newest message's time, the newest
// message in a few words, then the counts.
import type { Node } from '../render/node.js';
import type { ChatSummary } from '../../../control/types.js';
import { messageTime } from '../render/clock-time.js';

/** The newest message's time: today's by the clock, an older one by its date. */
export function listTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString()
    ? messageTime(iso)
    : `${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')}`;
}

export function chatListItem(chat: ChatSummary, onOpen: () => void): Node {
  const counts = `${chat.mensagens} messages${chat.agendados ? `, ${chat.agendados} scheduled` : ''}`;
  return (
    <button type="button" class="chat-item" onClick={onOpen}>
      <span class="chat-item-line">
        <strong>{chat.isGrupo || chat.titulo !== chat.chat ? chat.titulo : `+${chat.chat}`}</strong>
        {chat.ultima ? (
          <time class="hint" dateTime={chat.ultima}>
            {listTime(chat.ultima)}
          </time>
        ) : null}
      </span>
      {chat.previa ? <span class="preview">{chat.previa}</span> : null}
      <span class="hint">{` ${counts}`}</span>
    </button>
  );
}
