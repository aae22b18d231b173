// A contact of a device, for the user's tests: one typed method per thing a person does on their phone, each a
// POST /__emulator/inbound with the control API's field names filled in. A click without `on` leaves the choice of
// message to the emulator (the latest sent to this chat with that button: control/clicked.ts, the rule `click:` steps
// and `emulator trigger button` follow), so the library cannot drift from it; a vote answers the chat's latest poll.
import type { InboundEvent, InboundRequest, OutboxMessage } from '../control/types.js';

/** Who the contact is: their display name, and the group they act in (default: a one-to-one chat). */
export interface ContactOptions {
  name?: string;
  group?: string;
}

/** A file the contact sends. */
export interface ContactFile {
  /** Its http(s) URL. */
  url: string;
  /** Default: the URL's last segment. */
  name?: string;
  /** Default: from the file name. */
  type?: 'image' | 'video' | 'audio' | 'document';
  caption?: string;
}

/** The message answered: the id of a message the device sent (default: the latest that fits, in this chat). */
export interface Answering {
  on?: string;
}

type Send = (evento: InboundEvent, fields: Omit<InboundRequest, 'appkey' | 'evento'>) => Promise<string>;
type Sent = () => Promise<OutboxMessage[]>;

export class Contact {
  /** `send` posts one inbound event for the device; `sent` reads what the device sent. */
  constructor(
    readonly phone: string,
    private readonly options: ContactOptions,
    private readonly send: Send,
    private readonly sent: Sent,
  ) {}

  /** Writes a text (a reply quoting the message `replyTo` when given); returns the event's `idMessagem`. */
  says(text: string, options: { replyTo?: string } = {}): Promise<string> {
    return this.post('text', {
      mensagem: text,
      ...(options.replyTo === undefined ? {} : { idMensagem: options.replyTo }),
    });
  }

  /** Sends a file by URL, with an optional caption. */
  sendsFile(file: ContactFile): Promise<string> {
    return this.post('media', {
      url: file.url,
      ...(file.name === undefined ? {} : { nomeArquivo: file.name }),
      ...(file.type === undefined ? {} : { tipoMidia: file.type }),
      ...(file.caption === undefined ? {} : { mensagem: file.caption }),
    });
  }

  /** Clicks a reply button by its text or id: on the message `on`, else on the latest sent to this chat with it. */
  clicks(button: string, answering: Answering = {}): Promise<string> {
    return this.post('button', { ...(answering.on === undefined ? {} : { idMensagem: answering.on }), opcao: button });
  }

  /** Votes in a poll for these options (their texts). */
  async votes(options: string[], answering: Answering = {}): Promise<string> {
    const on = answering.on ?? (await this.latest((m) => m.kind === 'poll', 'a poll'));
    return this.post('poll_vote', { idMensagem: on, opcoes: options });
  }

  /** Reacts to a message with one emoji; `'remove'` takes the reaction back. */
  reacts(emoji: string, to: string): Promise<string> {
    return this.post('reaction', { idMensagem: to, emoji });
  }

  /** Shares a location, with an optional caption. */
  sharesLocation(latitude: number, longitude: number, caption?: string): Promise<string> {
    return this.post('location', { latitude, longitude, ...(caption === undefined ? {} : { mensagem: caption }) });
  }

  private post(evento: InboundEvent, fields: Omit<InboundRequest, 'appkey' | 'evento' | 'de'>): Promise<string> {
    const { name, group } = this.options;
    return this.send(evento, {
      de: this.phone,
      ...(name === undefined ? {} : { nome: name }),
      ...(group === undefined ? {} : { grupo: group }),
      ...fields,
    });
  }

  /** The id of the latest message the device sent in this chat that `fits`. */
  private async latest(fits: (message: OutboxMessage) => boolean, what: string): Promise<string> {
    const chat = this.options.group ?? this.phone.replace(/\D/g, '');
    const found = (await this.sent()).filter((message) => message.to === chat && fits(message)).at(-1);
    if (!found) throw new Error(`The device sent ${what} to ${chat} yet: nothing to answer (pass { on: messageId })`);
    return found.id;
  }
}
