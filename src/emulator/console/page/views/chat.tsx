// One open chat: the messages (only those on screen in the DOM), the pending schedules after them, and the
// composer the developer writes in as the contact (or as a member of the group).
import type { Node } from '../render/node.js';
import { useMemo, useRef } from 'preact/hooks';
import type { LoggedRequest } from '../../../control/types.js';
import { deliveriesOf, placeRefused, refusedIn, type Delivery } from '../deliveries.js';
import { refusedBubble } from '../render/delivery.js';
import { attempt, clickButton, closeChat, exportConversation, loadOlder, react, sendAsContact, vote } from '../data.js';
import { isShown, quotedText, renderMessage, renderSchedule, type MessageContext } from '../render/message.js';
import { pollVotes, reactionsOf } from '../render/tallies.js';
import { setState, updateChat, type ConsoleState, type OpenChat } from '../store.js';
import { ContactName } from './contact-name.js';
import { MessageList, type ListItem } from './message-list.js';
import { STATUS_CHAT } from '../../../rules/recipients.js';
import { icon } from '../render/icons.js';
import { useComposerFocus } from './keyboard.js';
import { playingAs } from './playing-as.js';

function context(chat: OpenChat, selectedId: string | undefined, deliveries: Map<string, Delivery>): MessageContext {
  return {
    deliveries,
    votes: pollVotes(chat.messages),
    reactions: reactionsOf(chat.messages),
    byId: new Map(chat.messages.map((m) => [m.id, m])),
    actingAs: chat.actingAs,
    selectedId,
    actions: {
      click: (message, id) => attempt(() => clickButton(chat, message, id)),
      vote: (message, options) => attempt(() => vote(chat, message, options)),
      react: (message, emoji) => attempt(() => react(chat, message, emoji)),
      quote: (message) => updateChat(chat.key, () => ({ quoting: message })),
      inspect: (message) => setState({ selected: { device: chat.device, message }, inspecting: undefined }),
    },
  };
}

function title(chat: OpenChat): string {
  if (chat.grupo) return chat.grupo.titulo;
  return chat.chat === STATUS_CHAT ? 'Status' : `+${chat.chat}`;
}

function actingAs(chat: OpenChat): Node | null {
  if (!chat.grupo) return null;
  const id = `as-${chat.key.replace(/\W/g, '-')}`;
  return (
    <label class="acting-as" for={id}>
      {'Write as '}
      <select
        id={id}
        value={chat.actingAs}
        onChange={(event: Event) => {
          const value = (event.currentTarget as HTMLSelectElement).value;
          updateChat(chat.key, () => ({ actingAs: value }));
        }}
      >
        {chat.grupo.participantes.map((p) => (
          <option key={p.id} value={p.id}>{`+${p.id}`}</option>
        ))}
      </select>
    </label>
  );
}

function composer(chat: OpenChat): Node {
  const send = (area: HTMLTextAreaElement) => {
    const text = area.value.trim();
    if (!text) return;
    area.value = '';
    attempt(() => sendAsContact(chat, text));
  };
  return (
    <form
      class="composer"
      onSubmit={(event: Event) => {
        event.preventDefault();
        const area = (event.currentTarget as HTMLFormElement).querySelector('textarea');
        if (area) send(area);
      }}
    >
      {chat.quoting ? (
        <p class="quoting">
          {'Replying to '}
          <q>{quotedText(chat.quoting)}</q>
          <button
            type="button"
            aria-label="Cancel the reply"
            onClick={() => updateChat(chat.key, () => ({ quoting: undefined }))}
          >
            {icon('close')}
          </button>
        </p>
      ) : null}
      <textarea
        data-testid="composer"
        rows={1}
        placeholder="Message"
        aria-label={`Message to the bot as +${chat.actingAs || chat.chat}`}
        disabled={chat.grupo !== null && !chat.actingAs}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' || event.shiftKey) return;
          event.preventDefault();
          send(event.currentTarget as HTMLTextAreaElement);
        }}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const inspectRefused = (request: LoggedRequest) => setState({ inspecting: request, selected: undefined });

function items(chat: OpenChat, ctx: MessageContext, refused: readonly LoggedRequest[]): ListItem[] {
  const placed = placeRefused(chat.messages.filter(isShown), (m) => Date.parse(m.timestamp), refused);
  const shown: ListItem[] = placed.map((item) =>
    'direction' in item
      ? { key: item.id, render: () => renderMessage(item, ctx) }
      : { key: `refused-${item.id}`, render: () => refusedBubble(item, inspectRefused) },
  );
  return [...shown, ...chat.agendados.map((s) => ({ key: s.id, render: () => renderSchedule(s) }))];
}

/** Only a contact's chat exports: a conversation file has no steps for a group or status posts. */
function exportButton(chat: OpenChat, name: string): Node | null {
  if (chat.grupo || chat.chat === STATUS_CHAT || !chat.messages.some((m) => m.direction === 'in')) return null;
  return (
    <button
      type="button"
      data-testid="export-conversation"
      aria-label={`Export the chat with ${title(chat)} as a conversation test`}
      title="Export as a conversation test"
      onClick={() => attempt(() => exportConversation(chat, name))}
    >
      {icon('download')}
    </button>
  );
}

interface Props {
  chat: OpenChat;
  selectedId: string | undefined;
  /** The name the contact goes by ('' when none). */
  name: string;
  /** The logs the stream brought: this chat's webhook attempts and the bot's refused sends are shown in it. */
  logs: Pick<ConsoleState, 'attempts' | 'requests'>;
}

export function ChatPanel({ chat, selectedId, name, logs }: Props): Node {
  const deliveries = useMemo(() => deliveriesOf(logs.attempts, chat.device.id), [logs.attempts, chat.device.id]);
  const refused = useMemo(() => refusedIn(logs.requests, chat.device.id, chat.chat), [logs.requests, chat]);
  const ctx = useMemo(() => context(chat, selectedId, deliveries), [chat, selectedId, deliveries]);
  const list = useMemo(() => items(chat, ctx, refused), [chat, ctx, refused]);
  const section = useRef<HTMLElement>(null);
  useComposerFocus(section);
  return (
    <section
      class="chat"
      ref={section}
      aria-label={`Chat with ${title(chat)}`}
      data-testid="chat"
      data-chat={chat.chat}
    >
      <header>
        <div class="chat-title">
          <h3>{title(chat)}</h3>
          {playingAs(chat)}
        </div>
        {chat.grupo || chat.chat === STATUS_CHAT ? null : <ContactName chat={chat} name={name} />}
        {actingAs(chat)}
        {exportButton(chat, name)}
        <button
          type="button"
          class="close-chat"
          aria-label={`Close the chat with ${title(chat)}`}
          onClick={() => closeChat(chat.key)}
        >
          {icon('close')}
        </button>
      </header>
      {chat.messages.length === 0 && chat.agendados.length === 0 && !chat.loading ? (
        <p class="empty">No messages yet: write as the contact below, or send from your bot.</p>
      ) : null}
      <MessageList
        items={list}
        label={`Messages with ${title(chat)}`}
        onNearTop={() => attempt(() => loadOlder(chat.key))}
      />
      {composer(chat)}
    </section>
  );
}
