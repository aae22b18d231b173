// The tab's one stream of live events (GET /__emulator/events): the browser reconnects by itself after a drop and
// sends the last id it saw, so the emulator replays what was missed; each event is applied once (by id). The stream
// carries only what the page shows: the messages of the open chats, and the request and webhook logs while the logs
// view or the inspector is open. When that changes, the page follows anew from the last id it saw and, once the new
// stream is open, reads what it adds (the logs, a chat newly open).
import type { LiveEvent, LiveEventData } from '../../control/types.js';
import { attempt, chatsChanged, emptied, loadAll, loadLogs, receive, reloadChat, scheduleChanged } from './data.js';
import { withAttempts, withRequests } from './logs.js';
import { carried, getState, setState, streamKey, watch, type ConsoleState, type OpenChat } from './store.js';

let lastId = 0;

interface Interest {
  /** `<device id>:<chat>` of each open chat. */
  chats: string;
  logs: boolean;
}

function interestKey(chat: OpenChat): string {
  return streamKey(chat.device.id, chat.chat);
}

function interestOf(state: ConsoleState): Interest {
  return {
    chats: state.open.map(interestKey).sort().join(','),
    logs: state.view === 'logs' || state.selected !== undefined,
  };
}

type Handler<Type extends keyof LiveEventData> = (data: LiveEventData[Type]) => void;

const HANDLERS: { [Type in keyof LiveEventData]: Handler<Type> } = {
  request: (entry) => setState((s) => ({ requests: withRequests(s.requests, [entry]) })),
  message: receive,
  chats: chatsChanged,
  schedule: scheduleChanged,
  webhook: (attemptDone) => setState((s) => ({ attempts: withAttempts(s.attempts, [attemptDone]) })),
  devices: ({ contas }) => setState({ accounts: contas }),
  clock: (clock) => setState({ clock }),
  faults: ({ falhas }) => setState({ faults: falhas }),
  reset: () => {
    // What the open chats held is gone with the emulator's state: each shows what its read finds now, or nothing.
    setState((s) => ({ open: s.open.map(emptied) }));
    attempt(() => loadAll(interestOf(getState()).logs));
  },
  resync: () => attempt(() => loadAll(interestOf(getState()).logs)),
};

function apply(type: keyof LiveEventData, raw: MessageEvent<string>): void {
  const id = Number(raw.lastEventId);
  if (Number.isFinite(id) && id > 0 && id <= lastId && type !== 'resync') return;
  if (Number.isFinite(id)) lastId = Math.max(lastId, id);
  const event = { type, data: JSON.parse(raw.data) as unknown } as Omit<LiveEvent, 'id'>;
  (HANDLERS[event.type] as (data: unknown) => void)(event.data);
}

let source: EventSource | undefined;
let following: Interest | undefined;

function streamPath(interest: Interest): string {
  const query = new URLSearchParams({ chats: interest.chats, logs: String(interest.logs) });
  if (lastId > 0) query.set('lastEventId', String(lastId));
  return `/__emulator/events?${query.toString()}`;
}

/** What the streams that opened so far have read: everything once, the logs since they were last left out, chats. */
const read = { everything: false, logs: false, chats: new Set<string>() };

/**
 * Once a stream is open (what changes from then on comes through it), reads what it adds to what was read: everything
 * the first time, the logs when they were left out before, each chat it carries that was not carried before (a chat
 * just opened is read here, once, with no gap between its read and its live messages).
 */
function readWhatOpened(interest: Interest): void {
  const chats = new Set(interest.chats === '' ? [] : interest.chats.split(','));
  const added = [...chats].filter((key) => !read.chats.has(key));
  read.chats = chats;
  carried.clear();
  for (const key of chats) carried.add(key);
  if (!read.everything) {
    read.everything = true;
    read.logs = interest.logs;
    attempt(() => loadAll(interest.logs));
    return;
  }
  if (interest.logs && !read.logs) attempt(loadLogs);
  read.logs = interest.logs;
  for (const chat of getState().open) {
    if (added.includes(interestKey(chat))) attempt(() => reloadChat(chat.key));
  }
}

/** Follows with this interest, from the last event seen. */
function follow(interest: Interest): void {
  following = interest;
  source?.close();
  const stream = new EventSource(streamPath(interest));
  source = stream;
  let opened = false;
  stream.onopen = () => {
    setState({ live: 'open' });
    if (!opened) readWhatOpened(interest);
    opened = true;
  };
  stream.onerror = () => setState({ live: stream.readyState === EventSource.CLOSED ? 'closed' : 'connecting' });
  for (const type of Object.keys(HANDLERS) as (keyof LiveEventData)[]) {
    stream.addEventListener(type, (event: MessageEvent<string>) => apply(type, event));
  }
}

/**
 * Opens the stream (carrying the chats open already: a deep link's), and opens it anew whenever what the page shows
 * asks for other events.
 */
export function startLive(): void {
  follow(interestOf(getState()));
  watch(followAnew);
}

function followAnew(state: ConsoleState): void {
  const interest = interestOf(state);
  if (interest.chats !== following?.chats || interest.logs !== following.logs) follow(interest);
}
