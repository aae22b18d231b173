// The phone: each device's chats (contacts, groups, status posts), and the chats open side by side.
import type { Node } from '../render/node.js';
import type { DeviceView } from '../../../control/types.js';
import { attempt, openChat } from '../data.js';
import { allDevices, type ConsoleState } from '../store.js';
import { ChatPanel } from './chat.js';
import { contactNameOf } from './contact-name.js';
import { Inspector, RefusedInspector } from './inspector.js';
import { chatListItem } from './chat-list-item.js';
import { icon } from '../render/icons.js';

function newChatForm(device: DeviceView): Node {
  const id = `new-chat-${device.id}`;
  return (
    <form
      class="new-chat"
      onSubmit={(event: Event) => {
        event.preventDefault();
        const input = (event.currentTarget as HTMLFormElement).querySelector('input');
        const digits = input?.value.replace(/[^\d]/g, '') ?? '';
        if (digits) attempt(() => openChat(device, digits));
      }}
    >
      <label for={id}>Chat with a number</label>
      <input id={id} type="tel" placeholder="+55 21 99876-5432" autoComplete="off" />
      <button type="submit">Open</button>
    </form>
  );
}

/** The most recent chats listed per device; the others open by their number. */
const LISTED_CHATS = 100;

function chatList(state: ConsoleState, device: DeviceView): Node {
  const all = state.chats[device.id] ?? [];
  const chats = all.slice(0, LISTED_CHATS);
  return (
    <section class="chat-list" aria-label={`Chats of ${device.nome}`}>
      <h3>
        {device.nome}
        {device.conectado ? '' : ' (not connected)'}
      </h3>
      <ul>
        {chats.map((chat) => (
          <li key={chat.chat}>{chatListItem(chat, () => attempt(() => openChat(device, chat.chat)))}</li>
        ))}
      </ul>
      {all.length > chats.length ? (
        <p class="hint">{`${all.length - chats.length} older chats: open one by its number.`}</p>
      ) : null}
      {newChatForm(device)}
    </section>
  );
}

/** The inspector's pane while no message is inspected (desktop widths only: narrower, the chat takes the room). */
function inspectorHint(): Node {
  return (
    <aside class="inspector-hint" aria-label="Inspector">
      <p class="empty">Inspect a message ({icon('info')}) to see the request that made it and its webhooks.</p>
    </aside>
  );
}

export function PhoneView({ state }: { state: ConsoleState }): Node {
  const devices = allDevices(state);
  return (
    <div class="phone-view">
      <aside class="chats" aria-label="Chats">
        {devices.length === 0 ? <p class="empty">No devices yet: pair one with your bot or `chatbot pair`.</p> : null}
        {devices.map((device) => chatList(state, device))}
      </aside>
      <div class="open-chats">
        {state.open.length === 0 ? <p class="empty">Open a chat from the list, or by its number.</p> : null}
        {state.open.map((chat) => (
          <ChatPanel
            key={chat.key}
            chat={chat}
            selectedId={state.selected?.message.id}
            name={contactNameOf(state, chat)}
            logs={state}
          />
        ))}
      </div>
      {state.selected ? (
        <Inspector state={state} />
      ) : state.inspecting ? (
        <RefusedInspector request={state.inspecting} />
      ) : (
        inspectorHint()
      )}
    </div>
  );
}
