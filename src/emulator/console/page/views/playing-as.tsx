// Whom the developer plays in a chat, said in its header: the contact (or the group member chosen), and the bot's
// device on the other side.
import type { Node } from '../render/node.js';
import { phoneNumber } from '../render/phone-number.js';
import type { OpenChat } from '../store.js';
import { STATUS_CHAT } from '../../../rules/recipients.js';

export function playingAs(chat: OpenChat): Node {
  const you =
    chat.chat === STATUS_CHAT
      ? 'Status posts'
      : chat.actingAs
        ? `You are ${phoneNumber(chat.actingAs)}`
        : 'Choose whom to write as';
  const bot = chat.device.telefone ? `${chat.device.nome} (${phoneNumber(chat.device.telefone)})` : chat.device.nome;
  return (
    <p class="playing-as" data-testid="playing-as">
      {you}
      <span class="hint">{` · to ${bot}`}</span>
    </p>
  );
}
