// The console's state: one object, replaced on every change, and a hook that re-renders a view when it changes.
import { useEffect, useState } from 'preact/hooks';
import type {
  AccountView,
  ChatMessage,
  ChatSummary,
  DeviceView,
  FaultRule,
  GroupView,
  LoadRun,
  LoggedRequest,
  PendingSchedule,
  WebhookAttempt,
} from '../../control/types.js';

export type View = 'phone' | 'devices' | 'logs' | 'controls' | 'load';

export interface OpenChat {
  /** `<device id> <chat>` */
  key: string;
  device: DeviceView;
  chat: string;
  grupo: GroupView | null;
  messages: ChatMessage[];
  anterior: string | null;
  agendados: PendingSchedule[];
  loading: boolean;
  /** Who the console writes as: the contact, or a member of the group. */
  actingAs: string;
  /** The message the next text quotes. */
  quoting: ChatMessage | undefined;
}

export interface Selected {
  device: DeviceView;
  message: ChatMessage;
}

/** The live stream as the page follows it (live.ts, sync.ts). */
export interface LiveState {
  /** `connecting` until the first stream opens, `reconnecting` while a dropped one is taken up again. */
  state: 'connecting' | 'open' | 'reconnecting';
  /** The id of the last event (or snapshot) applied: where a new stream resumes. */
  lastId: number | undefined;
  /** What the events applied so far carry (the chats whose messages, the logs): the rest is fresh to a new stream. */
  carried: { chats: string[]; logs: boolean } | undefined;
}

export interface ConsoleState {
  view: View;
  accounts: AccountView[];
  chats: Record<string, ChatSummary[]>;
  open: OpenChat[];
  selected: Selected | undefined;
  /** A refused send of the bot opened in the inspector from its chat (in place of a message). */
  inspecting: LoggedRequest | undefined;
  clock: { agora: string; alterado: boolean } | undefined;
  faults: FaultRule[];
  requests: LoggedRequest[];
  attempts: (WebhookAttempt & { dispositivo: string })[];
  /** The latest `chatbot test --load` run, as the emulator last heard of it (null: none). */
  load: LoadRun | null;
  /** Messages from contacts' side the developer has not looked at (the tab was hidden or the chat closed). */
  unread: number;
  live: LiveState;
  notice: string | undefined;
}

export const KEPT_LOG_ROWS = 500;

let state: ConsoleState = initialState();

const listeners = new Set<() => void>();

export function getState(): ConsoleState {
  return state;
}

/** How often, at most, the page re-renders while live events pour in (each one changes the state). */
const RENDER_INTERVAL_MS = 50;
let renderDue = false;
let renderTimer: ReturnType<typeof setTimeout> | undefined;
let renderedAt = -Infinity;

function notify(): void {
  renderDue = false;
  renderedAt = performance.now();
  for (const listener of listeners) listener();
}

/**
 * Changes the state at once; the views re-render in the next task after a quiet spell (a chat opened shows at once),
 * and at most once every RENDER_INTERVAL_MS while changes pour in.
 */
export function setState(change: Partial<ConsoleState> | ((current: ConsoleState) => Partial<ConsoleState>)): void {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const watcher of watchers) watcher(state);
  if (renderDue) return;
  renderDue = true;
  renderTimer = setTimeout(notify, Math.max(0, renderedAt + RENDER_INTERVAL_MS - performance.now()));
}

/** Renders in the next task, whatever the pace of live events: what the developer waits for (a chat read) shows now. */
export function renderSoon(): void {
  clearTimeout(renderTimer);
  renderDue = true;
  renderTimer = setTimeout(notify);
}

const watchers = new Set<(current: ConsoleState) => void>();

/** Calls `watcher` after every change, at once (not at the next render). */
export function watch(watcher: (current: ConsoleState) => void): void {
  watchers.add(watcher);
}

/** Changes one open chat. */
export function updateChat(key: string, change: (chat: OpenChat) => Partial<OpenChat>): void {
  setState((current) => ({
    open: current.open.map((chat) => (chat.key === key ? { ...chat, ...change(chat) } : chat)),
  }));
}

export function useConsole(): ConsoleState {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((version) => version + 1);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return state;
}

export function allDevices(current: Pick<ConsoleState, 'accounts'> = state): DeviceView[] {
  return current.accounts.flatMap((account) => account.dispositivos);
}

export function chatKey(deviceId: string, chat: string): string {
  return `${deviceId} ${chat}`;
}

/** The page's state before anything is read. */
export function initialState(): ConsoleState {
  return {
    view: 'phone',
    accounts: [],
    chats: {},
    open: [],
    selected: undefined,
    inspecting: undefined,
    clock: undefined,
    faults: [],
    requests: [],
    attempts: [],
    load: null,
    unread: 0,
    live: { state: 'connecting', lastId: undefined, carried: undefined },
    notice: undefined,
  };
}

/** A chat just opened: nothing read yet, the contact played. */
export function newChat(device: DeviceView, chat: string): OpenChat {
  return {
    key: chatKey(device.id, chat),
    device,
    chat,
    grupo: null,
    messages: [],
    anterior: null,
    agendados: [],
    loading: true,
    actingAs: chat,
    quoting: undefined,
  };
}

/**
 * Opens a chat beside those open (or brings it forward). Its messages come with the stream that carries it (live.ts
 * opens one at once, whose snapshot holds the chat's newest page); `early`, a page read before the stream carried the
 * chat (a deep link's), is shown until then.
 */

/** How the live stream names a chat it carries (`chats=` in its query). */
export function streamKey(deviceId: string, chat: string): string {
  return `${deviceId}:${chat}`;
}
