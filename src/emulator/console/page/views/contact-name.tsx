// The name the open chat's contact goes by, in the chat's header: the developer, acting as the contact, names them
// as their phone would. The emulator keeps it (POST /__emulator/contacts/name) and puts it in the contact's events
// (`nome`), so a bot that greets by name can be tried from the console; the chat list shows it through the stream.
import type { Node } from '../render/node.js';
import { api } from '../api.js';
import { attempt } from '../data.js';
import type { ConsoleState, OpenChat } from '../store.js';

/** The name the chat's contact goes by, as the device's chat list says ('' when none). */
export function contactNameOf(state: Pick<ConsoleState, 'chats'>, chat: OpenChat): string {
  const summary = state.chats[chat.device.id]?.find((listed) => listed.chat === chat.chat);
  return summary && !summary.isGrupo && summary.titulo !== chat.chat ? summary.titulo : '';
}

export function ContactName({ chat, name }: { chat: OpenChat; name: string }): Node {
  const save = (input: HTMLInputElement | null) => {
    const wanted = input?.value.trim() ?? '';
    if (input && wanted !== name) attempt(() => api.nameContact(chat.device.appkey, chat.chat, wanted));
  };
  return (
    <form
      class="contact-name"
      onSubmit={(event: Event) => {
        event.preventDefault();
        save((event.currentTarget as HTMLFormElement).querySelector('input'));
      }}
    >
      <input
        key={name}
        aria-label={`Name of +${chat.chat}`}
        data-testid="contact-name"
        defaultValue={name}
        placeholder="Name the contact"
        maxLength={100}
        autoComplete="off"
        onChange={(event: Event) => save(event.currentTarget as HTMLInputElement)}
      />
    </form>
  );
}
