// One message of a chat as the contact's phone shows it: a pure function of the message and what the chat says
// about it (votes, reactions, the messages it quotes), giving a vnode with the stable test hooks of docs/console.md.
import type { ComponentChildren } from 'preact';
import type { Node } from './node.js';
import type { ChatMessage, PendingSchedule } from '../../../control/types.js';
import type {
  IncomingContent,
  OutgoingContent,
  SentButton,
  SentCard,
  TemplateChoice,
} from '../../../control/message-content.js';
import { messageTime } from './clock-time.js';
import { formatText } from './format.js';
import { tally, type Reactions, type Votes } from './tallies.js';
import type { Delivery } from '../deliveries.js';
import { deliveryMark } from './delivery.js';
import { icon, reactionGlyph } from './icons.js';
import { ReactPicker } from './react-picker.js';
import { kinded, reactionOf, type KindedMessage } from './kinded.js';

export interface MessageActions {
  click(message: ChatMessage, buttonId: string): void;
  vote(message: ChatMessage, options: string[]): void;
  inspect(message: ChatMessage): void;
  quote(message: ChatMessage): void;
  react(message: ChatMessage, emoji: string): void;
}

export interface MessageContext {
  votes: Votes;
  reactions: Reactions;
  byId: ReadonlyMap<string, ChatMessage>;
  /** Who the console writes as in this chat (whose vote the poll shows as chosen). */
  actingAs: string;
  selectedId: string | undefined;
  actions: MessageActions;
  /** The webhook delivery of each contact's message, by id (deliveries.ts). */
  deliveries?: ReadonlyMap<string, Delivery>;
}

export { QUICK_REACTIONS } from './react-picker.js';

/** The `data-kind` of a message (docs/console.md): what it looks like, whichever side sent it. */
export function displayKind(message: ChatMessage): string {
  const typed = kinded(message);
  if (typed.direction === 'out') return typed.kind;
  if (typed.kind === 'button') return 'reply';
  if (typed.kind === 'text' && typed.content.idMensagemCitada !== undefined) return 'reply';
  return typed.kind;
}

/** The text a quote shows of a message. */
export function quotedText(message: ChatMessage | undefined): string {
  if (!message) return 'a message no longer in view';
  const { content } = kinded(message);
  return (
    ('message' in content && content.message) ||
    ('mensagem' in content && content.mensagem) ||
    ('caption' in content && content.caption) ||
    ('fileName' in content && content.fileName) ||
    ('opcao' in content && content.opcao.texto) ||
    message.kind
  );
}

function quoteBlock(text: string, from: string): Node {
  return (
    <blockquote class="quote">
      <span class="quote-from">{from}</span> {text}
    </blockquote>
  );
}

function replyButton(message: ChatMessage, id: string, label: string, actions: MessageActions): Node {
  return (
    <button type="button" class="reply-button" data-testid="reply-button" onClick={() => actions.click(message, id)}>
      {label}
    </button>
  );
}

/** sendButtons', sendCarousel's and templates' buttons: reply (a click the webhook hears), URL, call. */
function buttons(
  message: ChatMessage,
  items: readonly (SentButton | TemplateChoice)[],
  actions: MessageActions,
): Node | null {
  if (items.length === 0) return null;
  return (
    <div class="buttons" role="group" aria-label="Buttons">
      {items.map((button) => {
        if (!('type' in button)) return replyButton(message, button.id || button.texto, button.texto, actions);
        const label = button.displaytext;
        if (button.type === 'urlButton')
          return (
            <a class="url-button" href={button.action ?? ''} target="_blank" rel="noopener noreferrer">
              {icon('link')}
              {` ${label}`}
            </a>
          );
        if (button.type === 'callButton')
          return (
            <a class="call-button" href={`tel:${button.action ?? ''}`}>
              {icon('phone')}
              {` ${label}`}
            </a>
          );
        return replyButton(message, button.id || label, label, actions);
      })}
    </div>
  );
}

/** A file as a message shows it: sent media, a status post's picture, a contact's file, a schedule's file. */
interface ShownFile {
  mediaType?: string;
  file?: string;
  fileName?: string;
  nomearquivo?: string;
  size?: number;
}

function media(content: ShownFile): Node {
  const type = content.mediaType || 'document';
  const url = content.file ?? '';
  const name = content.fileName || content.nomearquivo || url.split('/').pop() || type;
  if (!url.startsWith('http')) {
    const size = content.size !== undefined ? ` · ${Math.ceil(content.size / 1024)} KB` : '';
    return <div class="media-placeholder">{`${type}: ${name}${size} (sent as base64, not kept)`}</div>;
  }
  if (type === 'image') return <img class="media" src={url} alt={name} loading="lazy" />;
  if (type === 'video') return <video class="media" src={url} controls={true} preload="none" aria-label={name} />;
  if (type === 'audio') return <audio src={url} controls={true} preload="none" aria-label={name} />;
  return (
    <a class="document" href={url} target="_blank" rel="noopener noreferrer">
      {icon('document')}
      {` ${name}`}
    </a>
  );
}

function poll(message: ChatMessage, content: OutgoingContent['poll'], ctx: MessageContext): ComponentChildren {
  const options = content.opcoes;
  const multiple = content.multiplaEscolha;
  const byVoter = ctx.votes.get(message.id);
  const counts = tally(options, byVoter);
  const mine = byVoter?.get(ctx.actingAs) ?? [];
  const choose = (option: string) => {
    if (!multiple) {
      ctx.actions.vote(message, [option]);
      return;
    }
    const next = mine.includes(option) ? mine.filter((o) => o !== option) : [...mine, option];
    if (next.length > 0) ctx.actions.vote(message, next);
  };
  return [
    <p class="poll-question">
      <strong>{content.message}</strong>
    </p>,
    <p class="hint">{multiple ? 'Select one or more' : 'Select one'}</p>,
    <ul class="poll-options">
      {options.map((option, i) => (
        <li key={option}>
          <button
            type="button"
            data-testid="poll-option"
            aria-pressed={mine.includes(option) ? 'true' : 'false'}
            onClick={() => choose(option)}
          >
            {option}
          </button>
          <span class="tally" aria-label={`${counts[i] ?? 0} votes`}>
            {String(counts[i] ?? 0)}
          </span>
        </li>
      ))}
    </ul>,
  ];
}

function card(message: ChatMessage, item: SentCard, actions: MessageActions): Node {
  return (
    <li class="card">
      {item.image_url ? <img src={item.image_url} alt={item.title ?? ''} loading="lazy" /> : null}
      {item.title ? <strong>{item.title}</strong> : null}
      {item.subtitle ? <p class="hint">{item.subtitle}</p> : null}
      {item.description ? <p>{formatText(item.description)}</p> : null}
      {buttons(message, item.buttons, actions)}
    </li>
  );
}

/** A location, and the words sent with it (`message` from the bot, `mensagem` from a contact). */
function location(
  content: OutgoingContent['location'] | IncomingContent['location'],
  said?: string,
): ComponentChildren {
  const where = `${String(content.latitude)}, ${String(content.longitude)}`;
  const map = content.mapa || `https://www.google.com/maps?q=${where}`;
  return [
    <a class="location" href={map} target="_blank" rel="noopener noreferrer">
      {icon('pin')}
      {` ${where}`}
    </a>,
    said ? <p>{formatText(said)}</p> : null,
  ];
}

function reaction(message: KindedMessage & { kind: 'reaction' }, ctx: MessageContext): ComponentChildren {
  const { emoji, target: targetId } = reactionOf(message);
  const target = ctx.byId.get(targetId);
  const removed = emoji === '' || emoji === 'remove';
  if (removed)
    return (
      <p class="reaction-line">
        {'Took back a reaction to '}
        <q>{quotedText(target)}</q>
      </p>
    );
  // A reaction shows once: on the message it reacts to, when that is in the chat; here only the event (its time, its
  // webhook in the inspector).
  return (
    <p class="reaction-line">
      {target ? 'Reacted to ' : ['Reacted ', reactionGlyph(emoji), ' to ']}
      <q>{quotedText(target)}</q>
    </p>
  );
}

function body(message: KindedMessage, ctx: MessageContext): ComponentChildren {
  if (message.direction === 'in') return incomingBody(message, ctx);
  switch (message.kind) {
    case 'buttons': {
      const { content } = message;
      return [
        content.header_title ? (
          <p class="header">
            <strong>{content.header_title}</strong>
          </p>
        ) : null,
        <p>{formatText(content.message)}</p>,
        content.footer_text ? <p class="footer-text">{content.footer_text}</p> : null,
        buttons(message, content.buttons, ctx.actions),
      ];
    }
    case 'template':
      return [<p>{formatText(message.content.message)}</p>, buttons(message, message.content.botoes, ctx.actions)];
    case 'carousel': {
      const { content } = message;
      return [
        <p>{formatText(content.message)}</p>,
        <ul class="cards" aria-label="Cards">
          {content.cards.map((c) => card(message, c, ctx.actions))}
        </ul>,
        content.footer_text ? <p class="footer-text">{content.footer_text}</p> : null,
      ];
    }
    case 'poll':
      return poll(message, message.content, ctx);
    case 'location':
      return location(message.content, message.content.message);
    case 'media':
      return [media(message.content), message.content.caption ? <p>{formatText(message.content.caption)}</p> : null];
    case 'story': {
      const { content } = message;
      return [
        <p class="hint">Status post</p>,
        content.file ? media(content) : null,
        content.message ? (
          <p style={content.backgroundColor ? `background:${content.backgroundColor}` : undefined}>
            {formatText(content.message)}
          </p>
        ) : null,
      ];
    }
    case 'reaction':
      return reaction(message, ctx);
    case 'reply':
      return quotingReply(message, ctx);
    case 'text':
      return <p>{formatText(message.content.message)}</p>;
  }
}

function incomingBody(message: KindedMessage & { direction: 'in' }, ctx: MessageContext): ComponentChildren {
  switch (message.kind) {
    case 'button': {
      const original = ctx.byId.get(message.content.idMensagemOriginal);
      return [
        quoteBlock(quotedText(original), 'Bot'),
        <p>
          {icon('choice')}
          {` ${message.content.opcao.texto}`}
        </p>,
      ];
    }
    case 'text':
      return message.content.idMensagemCitada !== undefined ? (
        quotingReply(message, ctx)
      ) : (
        <p>{formatText(message.content.mensagem)}</p>
      );
    case 'location':
      return location(message.content, message.content.mensagem);
    case 'media': {
      const { content } = message;
      return [
        media({ mediaType: content.tipoMidia, file: content.url, fileName: content.nomeArquivo }),
        content.mensagem ? <p>{formatText(content.mensagem)}</p> : null,
      ];
    }
    case 'reaction':
      return reaction(message, ctx);
    case 'poll_vote':
      // Votes show in their poll's tallies (isShown leaves them out of the chat).
      return <p />;
  }
}

/** The bot's sendReply, or a contact's text quoting a message: the quote, then the text. */
function quotingReply(
  message: KindedMessage & ({ direction: 'out'; kind: 'reply' } | { direction: 'in'; kind: 'text' }),
  ctx: MessageContext,
): ComponentChildren {
  const [quotedId, given, text, byDevice] =
    message.direction === 'out'
      ? [
          message.content.idMensagem,
          message.content.respostaMensagem,
          message.content.message,
          message.content.tipo === 'me',
        ]
      : [message.content.idMensagemCitada ?? '', message.content.mensagemCitada, message.content.mensagem, false];
  const quoted = ctx.byId.get(quotedId);
  const shown = given || quotedText(quoted);
  const from = quoted?.direction === 'out' || byDevice ? 'Bot' : 'Contact';
  return [quoteBlock(shown, from), <p>{formatText(text)}</p>];
}

function warnings(message: ChatMessage): Node | null {
  if (message.avisos.length === 0) return null;
  return (
    <ul class="warnings" aria-label="Limits of the app this message breaks">
      {message.avisos.map((w) => (
        <li key={w.regra + w.texto}>
          <code>{w.regra}</code> {w.texto}
        </li>
      ))}
    </ul>
  );
}

function reactionBadges(message: ChatMessage, reactions: Reactions): Node | null {
  const shown = [...(reactions.get(message.id)?.values() ?? [])];
  if (shown.length === 0) return null;
  return (
    <p class="reactions" role="group" aria-label="Reactions">
      {shown.flatMap((emoji, i) => (i === 0 ? [reactionGlyph(emoji)] : [' ', reactionGlyph(emoji)]))}
    </p>
  );
}

function tools(message: ChatMessage, actions: MessageActions): Node {
  return (
    <div class="tools">
      <button type="button" aria-label="Inspect this message" onClick={() => actions.inspect(message)}>
        {icon('info')}
      </button>
      <button type="button" aria-label="Reply quoting this message" onClick={() => actions.quote(message)}>
        {icon('reply')}
      </button>
      <ReactPicker onReact={(emoji: string) => actions.react(message, emoji)} />
    </div>
  );
}

function senderLabel(message: ChatMessage): string {
  return message.direction === 'out' ? 'Bot' : (message.nome ?? message.de ?? 'Contact');
}

/** A message of the chat; votes are not messages here: they show in their poll's tallies. */
export function renderMessage(message: ChatMessage, ctx: MessageContext): Node {
  const kind = displayKind(message);
  return (
    <article
      class={`message ${message.direction}${ctx.selectedId === message.id ? ' selected' : ''}`}
      data-testid="message"
      data-direction={message.direction}
      data-kind={kind}
      data-message-id={message.id}
      data-delivery={message.direction === 'in' ? ctx.deliveries?.get(message.id)?.state : undefined}
      aria-label={`${senderLabel(message)}, ${kind}, ${messageTime(message.timestamp)}`}
    >
      {message.direction === 'in' && message.chat.endsWith('@g.us') ? (
        <p class="sender">{senderLabel(message)}</p>
      ) : null}
      {body(kinded(message), ctx)}
      {warnings(message)}
      {reactionBadges(message, ctx.reactions)}
      <footer>
        {message.agendamento_id ? (
          <span class="hint">
            {icon('clock')}
            {' scheduled · '}
          </span>
        ) : null}
        <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
        {message.direction === 'out' ? (
          <span class="ticks" aria-label="sent">
            {' ✓✓'}
          </span>
        ) : null}
        {message.direction === 'in' ? deliveryMark(ctx.deliveries?.get(message.id)) : null}
      </footer>
      {tools(message, ctx.actions)}
    </article>
  );
}

/** A schedule waiting to go out: its time, then its text. */
export function renderSchedule(schedule: PendingSchedule): Node {
  return (
    <article
      class="message out pending"
      data-testid="message"
      data-direction="out"
      data-kind="schedule"
      data-message-id={schedule.id}
      aria-label={`Scheduled for ${schedule.agendamento}`}
    >
      <p class="hint">
        {icon('clock')}
        {` Scheduled for ${schedule.agendamento}`}
      </p>
      <p>{formatText(schedule.message)}</p>
      {schedule.file ? media({ file: schedule.file }) : null}
    </article>
  );
}

/** Whether a message shows as a bubble (votes only change their poll). */
export function isShown(message: ChatMessage): boolean {
  return !(message.direction === 'in' && message.kind === 'poll_vote');
}
