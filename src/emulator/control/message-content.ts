// What a chat message carries, by kind: what the device sent (the outbox content the send operations store, in
// operations/create-message/) and what a contact sent (the inbound event's own fields, control/inbound.ts, without the
// envelope every event has). Types only: importing this module loads nothing, so the console's page reads it too.
// Each member is a type alias (not an interface), so any content still passes where a plain record is read.

/** The kinds of file sendMedia tells apart. */
export type MediaType = 'image' | 'video' | 'audio' | 'document';

/** A button of sendButtons' messages and of carousel cards: reply (a click the webhook hears), URL or call. */
export type SentButton = {
  type: string;
  displaytext: string;
  /** Reply buttons only: what a click reports as `opcao.id`. */
  id?: string;
  /** URL and call buttons: the address or the number. */
  action?: string;
};

export type SentCard = {
  image_url?: string;
  title?: string;
  subtitle?: string;
  description?: string;
  buttons: SentButton[];
};

/** A template's reply button (a click answers with its `id` and `texto`). */
export type TemplateChoice = { id: string; texto: string };

/** The content of each kind the device sends, as the outbox keeps it. */
export type OutgoingContent = {
  text: { message: string };
  /** A status post: text, an image or a video, on a background colour. */
  story: { mediaType: 'text' | 'image' | 'video'; message?: string; file?: string; backgroundColor?: string };
  location: { latitude: number; longitude: number; mapa: string; message?: string };
  /** `message` is the emoji, or `remove` to take it back; `id` the message reacted to. */
  reaction: { message: string; id: string };
  carousel: { message: string; cards: SentCard[]; footer_text?: string };
  buttons: { message: string; buttons: SentButton[]; header_title?: string; footer_text?: string };
  poll: { message: string; opcoes: string[]; multiplaEscolha: boolean };
  /**
   * sendMedia's file (its URL kept; base64 only measured, `size` bytes) with `mediaType`, `fileName` and `caption`; or
   * a scheduled message's file, with the schedule's `message` and `nomearquivo`.
   */
  media: {
    mediaType?: MediaType;
    fileName?: string;
    file?: string;
    size?: number;
    caption?: string;
    message?: string;
    nomearquivo?: string;
  };
  /** sendReply: `idMensagem` the message quoted, `tipo` who wrote it (`chat` the contact, `me` the device). */
  reply: {
    message: string;
    idMensagem: string;
    tipoMensagem: string;
    tipo: string;
    respostaMensagem?: string;
    thumbnail?: string;
  };
  template: { template_id: string; message: string; botoes: TemplateChoice[] };
};

/** The content of each kind a contact sends (POST /__emulator/inbound), as its webhook event carries it. */
export type IncomingContent = {
  /** A text, or a reply quoting `idMensagemCitada` (whose text is `mensagemCitada`). */
  text: { mensagem: string; idMensagemCitada?: string; mensagemCitada?: string };
  media: { mensagem: string; tipoMidia: string; nomeArquivo: string; url: string };
  /** A click on a reply button of the message `idMensagemOriginal`. */
  button: { opcao: TemplateChoice; mensagem: string; idMensagemOriginal: string };
  poll_vote: { idEnquete: string; idMensagemOriginal: string; pergunta: string; opcoes: string[] };
  /** `emoji` is '' when the reaction is taken back (`removida`). */
  reaction: { emoji: string; removida: boolean; idMensagemOriginal: string };
  location: { latitude: number; longitude: number; mapa: string; mensagem?: string };
};

export type OutgoingKind = keyof OutgoingContent;
export type IncomingKind = keyof IncomingContent;

/** A message's direction, kind and content together: a switch on `kind` (after `direction`) narrows `content`. */
export type KindedContent =
  | { [K in OutgoingKind]: { direction: 'out'; kind: K; content: OutgoingContent[K] } }[OutgoingKind]
  | { [K in IncomingKind]: { direction: 'in'; kind: K; content: IncomingContent[K] } }[IncomingKind];

/** A chat message's content, whichever its kind. */
export type MessageContent = KindedContent['content'];
