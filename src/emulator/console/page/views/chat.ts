// One open chat: the messages (only those on screen in the DOM), the pending schedules after them, and the
// composer the developer writes in as the contact (or as a member of the group).
import { h } from 'preact';
import type { Node } from '../render/node.js';
import { useMemo, useRef } from 'preact/hooks';
import type { ChatMessage } from '../../../control/types.js';
import { attempt, clickButton, closeChat, exportConversation, loadOlder, react, sendAsContact, vote } from '../data.js';
import { isShown, quotedText, renderMessage, renderSchedule, type MessageContext } from '../render/message.js';
import { pollVotes, reactionsOf } from '../render/tallies.js';
import { setState, updateChat, type OpenChat } from '../store.js';
import { MessageList, type ListItem } from './message-list.js';
import { STATUS_CHAT } from '../../../rules/recipients.js';
import { icon } from '../render/icons.js';
import { useComposerFocus } from './keyboard.js';
import { playingAs } from './playing-as.js';

function context(chat: OpenChat, selectedId: string | undefined): MessageContext {
  return {
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
      inspect: (message) => setState({ selected: { device: chat.device, message } }),
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
  return h(
    'label',
    { class: 'acting-as', for: id },
    'Write as ',
    h(
      'select',
      {
        id,
        value: chat.actingAs,
        onChange: (event: Event) => {
          const value = (event.currentTarget as HTMLSelectElement).value;
          updateChat(chat.key, () => ({ actingAs: value }));
        },
      },
      chat.grupo.participantes.map((p) => h('option', { key: p.id, value: p.id }, `+${p.id}`)),
    ),
  );
}

function composer(chat: OpenChat): Node {
  const send = (area: HTMLTextAreaElement) => {
    const text = area.value.trim();
    if (!text) return;
    area.value = '';
    attempt(() => sendAsContact(chat, text));
  };
  return h(
    'form',
    {
      class: 'composer',
      onSubmit: (event: Event) => {
        event.preventDefault();
        const area = (event.currentTarget as HTMLFormElement).querySelector('textarea');
        if (area) send(area);
      },
    },
    chat.quoting
      ? h(
          'p',
          { class: 'quoting' },
          'Replying to ',
          h('q', null, quotedText(chat.quoting)),
          h(
            'button',
            {
              type: 'button',
              'aria-label': 'Cancel the reply',
              onClick: () => updateChat(chat.key, () => ({ quoting: undefined })),
            },
            icon('close'),
          ),
        )
      : null,
    h('textarea', {
      'data-testid': 'composer',
      rows: 1,
      placeholder: 'Message',
      'aria-label': `Message to the bot as +${chat.actingAs || chat.chat}`,
      disabled: chat.grupo !== null && !chat.actingAs,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Enter' || event.shiftKey) return;
        event.preventDefault();
        send(event.currentTarget as HTMLTextAreaElement);
      },
    }),
    h('button', { type: 'submit' }, 'Send'),
  );
}

function items(chat: OpenChat, ctx: MessageContext): ListItem[] {
  const shown: ListItem[] = chat.messages.filter(isShown).map((message: ChatMessage) => ({
    key: message.id,
    render: () => renderMessage(message, ctx),
  }));
  return [...shown, ...chat.agendados.map((s) => ({ key: s.id, render: () => renderSchedule(s) }))];
}

/** Only a contact's chat exports: a conversation file has no steps for a group or status posts. */
function exportButton(chat: OpenChat): Node | null {
  if (chat.grupo || chat.chat === STATUS_CHAT || !chat.messages.some((m) => m.direction === 'in')) return null;
  return h(
    'button',
    {
      type: 'button',
      'data-testid': 'export-conversation',
      'aria-label': `Export the chat with ${title(chat)} as a conversation test`,
      title: 'Export as a conversation test',
      onClick: () => attempt(() => exportConversation(chat)),
    },
    icon('download'),
  );
}

export function ChatPanel({ chat, selectedId }: { chat: OpenChat; selectedId: string | undefined }): Node {
  const ctx = useMemo(() => context(chat, selectedId), [chat, selectedId]);
  const list = useMemo(() => items(chat, ctx), [chat, ctx]);
  const section = useRef<HTMLElement>(null);
  useComposerFocus(section);
  return h(
    'section',
    {
      class: 'chat',
      ref: section,
      'aria-label': `Chat with ${title(chat)}`,
      'data-testid': 'chat',
      'data-chat': chat.chat,
    },
    h(
      'header',
      null,
      h('div', { class: 'chat-title' }, h('h3', null, title(chat)), playingAs(chat)),
      actingAs(chat),
      exportButton(chat),
      h(
        'button',
        {
          type: 'button',
          class: 'close-chat',
          'aria-label': `Close the chat with ${title(chat)}`,
          onClick: () => closeChat(chat.key),
        },
        icon('close'),
      ),
    ),
    chat.messages.length === 0 && chat.agendados.length === 0 && !chat.loading
      ? h('p', { class: 'empty' }, 'No messages yet: write as the contact below, or send from your bot.')
      : null,
    h(MessageList, {
      items: list,
      label: `Messages with ${title(chat)}`,
      onNearTop: () => attempt(() => loadOlder(chat.key)),
    }),
    composer(chat),
  );
}
