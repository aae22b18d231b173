// The phone: each device's chats (contacts, groups, status posts), and the chats open side by side.
import { h } from 'preact';
import type { Node } from '../render/node.js';
import type { DeviceView } from '../../../control/types.js';
import { attempt, openChat } from '../data.js';
import { allDevices, type ConsoleState } from '../store.js';
import { ChatPanel } from './chat.js';
import { Inspector } from './inspector.js';
import { chatListItem } from './chat-list-item.js';
import { icon } from '../render/icons.js';

function newChatForm(device: DeviceView): Node {
  const id = `new-chat-${device.id}`;
  return h(
    'form',
    {
      class: 'new-chat',
      onSubmit: (event: Event) => {
        event.preventDefault();
        const input = (event.currentTarget as HTMLFormElement).querySelector('input');
        const digits = input?.value.replace(/[^\d]/g, '') ?? '';
        if (digits) attempt(() => openChat(device, digits));
      },
    },
    h('label', { for: id }, 'Chat with a number'),
    h('input', { id, type: 'tel', placeholder: '+55 21 99876-5432', autoComplete: 'off' }),
    h('button', { type: 'submit' }, 'Open'),
  );
}

/** The most recent chats listed per device; the others open by their number. */
const LISTED_CHATS = 100;

function chatList(state: ConsoleState, device: DeviceView): Node {
  const all = state.chats[device.id] ?? [];
  const chats = all.slice(0, LISTED_CHATS);
  return h(
    'section',
    { class: 'chat-list', 'aria-label': `Chats of ${device.nome}` },
    h('h3', null, device.nome, device.conectado ? '' : ' (not connected)'),
    h(
      'ul',
      null,
      chats.map((chat) =>
        h(
          'li',
          { key: chat.chat },
          chatListItem(chat, () => attempt(() => openChat(device, chat.chat))),
        ),
      ),
    ),
    all.length > chats.length
      ? h('p', { class: 'hint' }, `${all.length - chats.length} older chats: open one by its number.`)
      : null,
    newChatForm(device),
  );
}

/** The inspector's pane while no message is inspected (desktop widths only: narrower, the chat takes the room). */
function inspectorHint(): Node {
  return h(
    'aside',
    { class: 'inspector-hint', 'aria-label': 'Inspector' },
    h(
      'p',
      { class: 'empty' },
      'Inspect a message (',
      icon('info'),
      ') to see the request that made it and its webhooks.',
    ),
  );
}

export function PhoneView({ state }: { state: ConsoleState }): Node {
  const devices = allDevices(state);
  return h(
    'div',
    { class: 'phone-view' },
    h(
      'aside',
      { class: 'chats', 'aria-label': 'Chats' },
      devices.length === 0
        ? h('p', { class: 'empty' }, 'No devices yet: pair one with your bot or `chatbot pair`.')
        : null,
      devices.map((device) => chatList(state, device)),
    ),
    h(
      'div',
      { class: 'open-chats' },
      state.open.length === 0 ? h('p', { class: 'empty' }, 'Open a chat from the list, or by its number.') : null,
      state.open.map((chat) => h(ChatPanel, { key: chat.key, chat, selectedId: state.selected?.message.id })),
    ),
    state.selected ? h(Inspector, { state }) : inspectorHint(),
  );
}
