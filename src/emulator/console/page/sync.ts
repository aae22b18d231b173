// The page's state follows the live stream alone: a snapshot (the state at a bus position), then each event after it
// in order. Pure functions of the state, so that every order the protocol allows is tested without a browser
// (test/emulator/console/sync.test.ts); live.ts feeds them what the stream brings.
import type { ChatAnswer, ChatMessage, LiveEvent, LiveEventData, LiveSnapshot } from '../../control/types.js';
import { withChanges } from './chat-list.js';
import { withAttempts, withRequests } from './logs.js';
import { chatKey, streamKey, type ConsoleState, type OpenChat } from './store.js';

/** What the page asks the stream for: the messages of its open chats (`<device id>:<chat>`), and the logs. */
export interface Interest {
  chats: string[];
  logs: boolean;
}

export function interestOf(state: Pick<ConsoleState, 'open' | 'view' | 'selected'>): Interest {
  return {
    chats: [...new Set(state.open.map((chat) => streamKey(chat.device.id, chat.chat)))].sort(),
    logs: state.view === 'logs' || state.selected !== undefined,
  };
}

export function sameInterest(a: Interest | undefined, b: Interest): boolean {
  return a !== undefined && a.logs === b.logs && a.chats.join(',') === b.chats.join(',');
}

/** What a resumed stream must bring a snapshot of: what `asked` follows that the events applied so far did not. */
export function freshOf(asked: Interest, carried: Interest | undefined): string[] {
  const chats = asked.chats.filter((key) => !carried?.chats.includes(key));
  return asked.logs && !carried?.logs ? [...chats, 'logs'] : chats;
}

/** The stream to open for `asked`: where to resume (the last id applied) and what is fresh to it. */
export function streamQuery(state: Pick<ConsoleState, 'live'>, asked: Interest): URLSearchParams {
  const query = new URLSearchParams({ chats: asked.chats.join(','), logs: String(asked.logs) });
  const { lastId, carried } = state.live;
  if (lastId === undefined) return query;
  query.set('lastEventId', String(lastId));
  const fresh = freshOf(asked, carried);
  if (fresh.length > 0) query.set('fresh', fresh.join(','));
  return query;
}

/**
 * A stream for `asked` is opening: what the page's events carried stays carried only where `asked` still carries it
 * (a chat closed and opened again before a snapshot came is fresh again).
 */
export function streamOpening(state: ConsoleState, asked: Interest): ConsoleState {
  const carried = state.live.carried && {
    chats: state.live.carried.chats.filter((key) => asked.chats.includes(key)),
    logs: state.live.carried.logs && asked.logs,
  };
  return { ...state, live: { ...state.live, carried } };
}

/** A chat's page in place of what the page held of it: the members it can write as, and no longer loading. */
export function withPage(chat: OpenChat, page: Omit<ChatAnswer, 'status'>): OpenChat {
  const members = page.grupo?.participantes.map((p) => p.id) ?? [];
  return {
    ...chat,
    chat: page.chat,
    grupo: page.grupo,
    messages: page.mensagens,
    anterior: page.anterior,
    agendados: page.agendados,
    loading: false,
    actingAs: page.isGrupo ? (members.includes(chat.actingAs) ? chat.actingAs : (members[0] ?? '')) : page.chat,
  };
}

/** An open chat holding nothing of what it held. */
export function emptied(chat: OpenChat): OpenChat {
  return { ...chat, messages: [], agendados: [], anterior: null, loading: false };
}

/**
 * The state at the snapshot's position. A whole one (retoma null) replaces everything the page held: an open chat it
 * has no page of (its device is gone) holds nothing, the logs are what it carries. One that continues a resumed stream
 * adds its chats' pages and merges its logs' rows. `asked`: what the stream that brought it follows.
 */
export function applySnapshot(state: ConsoleState, snapshot: LiveSnapshot, asked: Interest): ConsoleState {
  const whole = snapshot.retoma === null;
  const pages = new Map(snapshot.paginas.map((page) => [chatKey(page.dispositivo, page.chat), page]));
  const open = state.open.map((chat) => {
    const page = pages.get(chat.key);
    if (page) return withPage(chat, page);
    return whole ? emptied(chat) : chat;
  });
  const logs = {
    requests: whole ? [] : state.requests,
    attempts: whole ? [] : state.attempts,
  };
  return {
    ...state,
    accounts: snapshot.contas,
    clock: snapshot.relogio,
    faults: snapshot.falhas,
    load: snapshot.carga,
    chats: snapshot.conversas,
    open,
    requests: snapshot.requisicoes ? withRequests(logs.requests, snapshot.requisicoes) : logs.requests,
    attempts: snapshot.tentativas ? withAttempts(logs.attempts, snapshot.tentativas) : logs.attempts,
    live: { ...state.live, lastId: snapshot.posicao, carried: asked },
  };
}

/** A device's chat list to read from the emulator (a group it does not know, or counts only); `quiet` after a flood. */
export interface ListRead {
  device: string;
  quiet: boolean;
}

export interface Applied {
  state: ConsoleState;
  reads: ListRead[];
}

/**
 * The state after one event of the stream. An event at or before the last id applied is one the page holds already
 * (a snapshot is the state at its id, so an event it includes changes nothing); `hidden`: whether the tab is hidden
 * (messages from contacts then count as unread).
 */
export function applyEvent(state: ConsoleState, event: LiveEvent, hidden: boolean, asked: Interest): Applied {
  if (event.type === 'snapshot') return { state: applySnapshot(state, event.data, asked), reads: [] };
  const lastId = state.live.lastId;
  if (lastId !== undefined && event.id <= lastId) return { state, reads: [] };
  const applied = applyChange(state, event, hidden);
  return { ...applied, state: { ...applied.state, live: { ...applied.state.live, lastId: event.id } } };
}

function applyChange(state: ConsoleState, event: Exclude<LiveEvent, { type: 'snapshot' }>, hidden: boolean): Applied {
  const same = (next: Partial<ConsoleState>): Applied => ({ state: { ...state, ...next }, reads: [] });
  switch (event.type) {
    case 'request':
      return same({ requests: withRequests(state.requests, [event.data]) });
    case 'webhook':
      return same({ attempts: withAttempts(state.attempts, [event.data]) });
    case 'devices':
      return same({ accounts: event.data.contas });
    case 'clock':
      return same({ clock: event.data });
    case 'faults':
      return same({ faults: event.data.falhas });
    case 'load':
      return same({ load: event.data });
    case 'message':
      return same({ open: withMessage(state.open, event.data) });
    case 'chats':
      return chatsChanged(state, event.data, hidden);
    case 'schedule':
      return scheduleChanged(state, event.data);
    case 'reset':
      // A snapshot follows at once; until it comes, nothing the emulator erased is shown.
      return same({ open: state.open.map(emptied), requests: [], attempts: [], load: null });
    case 'resync':
      return { state, reads: [] };
  }
}

/** Where a message stands in its chat (its cursor: time, direction, sequence), as the emulator orders a chat. */
function standing(message: ChatMessage): [number, string, number] | undefined {
  const match = /^(\d+)\.(in|out)\.(\d+)$/.exec(message.cursor);
  return match ? [Number(match[1]), match[2] ?? '', Number(match[3])] : undefined;
}

function sortsAfter(a: ChatMessage, b: ChatMessage): boolean {
  const [x, y] = [standing(a), standing(b)];
  if (!x || !y) return false;
  if (x[0] !== y[0]) return x[0] > y[0];
  if (x[1] !== y[1]) return x[1] > y[1];
  return x[2] > y[2];
}

/**
 * A message of an open chat, once, in its place: a chat is in the emulator's time order, so a message sent after the
 * clock went back to real time goes before those sent while it was moved forward.
 */
function withMessage(open: OpenChat[], message: LiveEventData['message']): OpenChat[] {
  const key = chatKey(message.dispositivo, message.chat);
  return open.map((chat) => {
    if (chat.key !== key || chat.messages.some((m) => m.id === message.id)) return chat;
    let at = chat.messages.length;
    while (at > 0 && sortsAfter(chat.messages[at - 1] as ChatMessage, message)) at -= 1;
    return { ...chat, messages: [...chat.messages.slice(0, at), message, ...chat.messages.slice(at)] };
  });
}

/**
 * A device's chats changed: its list, and the unread count (messages from contacts in a chat not open, or while the
 * tab is hidden). Chats the event only counts (a flood), or a group the list does not know, make the list read again.
 */
function chatsChanged(state: ConsoleState, data: LiveEventData['chats'], hidden: boolean): Applied {
  const { dispositivo, conversas, outras } = data;
  const isOpen = (chat: string) => state.open.some((open) => open.key === chatKey(dispositivo, chat));
  const unseen = conversas
    .filter((change) => hidden || !isOpen(change.chat))
    .reduce((sum, change) => sum + change.recebidas, outras.recebidas);
  const listed = state.chats[dispositivo];
  const updated = listed && withChanges(listed, conversas);
  const next = {
    ...state,
    unread: state.unread + unseen,
    chats: updated ? { ...state.chats, [dispositivo]: updated } : state.chats,
  };
  const read = !updated || outras.conversas > 0;
  return { state: next, reads: read ? [{ device: dispositivo, quiet: outras.conversas > 0 }] : [] };
}

/**
 * A schedule was made or left the pending list: each open chat it goes to shows it pending, or no longer (the message
 * it sent, if it went out, came before it), and the device's list is read again for its counts.
 */
function scheduleChanged(state: ConsoleState, data: LiveEventData['schedule']): Applied {
  const { dispositivo, chat: chats, agendamento, pendente } = data;
  const open = state.open.map((chat) => {
    if (chat.device.id !== dispositivo || !chats.includes(chat.chat)) return chat;
    const others = chat.agendados.filter((pending) => pending.id !== agendamento.id);
    if (!pendente) return { ...chat, agendados: others };
    return { ...chat, agendados: [...others, agendamento].sort((a, b) => a.enviaEm.localeCompare(b.enviaEm)) };
  });
  return { state: { ...state, open }, reads: [{ device: dispositivo, quiet: false }] };
}
