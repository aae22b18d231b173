// The tab's one stream of live events (GET /__emulator/events): the browser reconnects by itself after a drop and
// sends the last id it saw, so the emulator replays what was missed; each event is applied once (by id). The stream
// carries only what the page shows: the messages of the open chats, and the request and webhook logs while the logs
// view or the inspector is open. When that changes, the page follows anew from the last id it saw and reads what the
// new stream adds (a chat opened reads itself; the logs are read).
import type { LiveEvent, LiveEventData } from '../../control/types.js';
import { attempt, chatsChanged, loadAll, loadLogs, receive, reloadChat, reloadChatsSoon } from './data.js';
import { appendKept, getState, setState, watch, type ConsoleState } from './store.js';

let lastId = 0;

interface Interest {
  /** `<device id>:<chat>` of each open chat. */
  chats: string;
  logs: boolean;
}

function interestOf(state: ConsoleState): Interest {
  return {
    chats: state.open
      .map((chat) => `${chat.device.id}:${chat.chat}`)
      .sort()
      .join(','),
    logs: state.view === 'logs' || state.selected !== undefined,
  };
}

type Handler<Type extends keyof LiveEventData> = (data: LiveEventData[Type]) => void;

const HANDLERS: { [Type in keyof LiveEventData]: Handler<Type> } = {
  request: (entry) => {
    setState((s) => (s.requests.some((r) => r.id === entry.id) ? {} : { requests: appendKept(s.requests, [entry]) }));
  },
  message: receive,
  chats: chatsChanged,
  schedule: (change) => {
    reloadChatsSoon(change.dispositivo);
    for (const chat of getState().open) {
      if (chat.device.id === change.dispositivo && change.chat.includes(chat.chat)) attempt(() => reloadChat(chat.key));
    }
  },
  webhook: (attemptDone) => setState((s) => ({ attempts: appendKept(s.attempts, [attemptDone]) })),
  devices: ({ contas }) => setState({ accounts: contas }),
  clock: (clock) => setState({ clock }),
  faults: ({ falhas }) => setState({ faults: falhas }),
  reset: () => attempt(() => loadAll(interestOf(getState()).logs)),
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

/** Follows with this interest; once the stream is open, reads everything (the first time) or the logs, if newly shown. */
function follow(interest: Interest): void {
  const first = following === undefined;
  const logsAdded = interest.logs && !following?.logs;
  following = interest;
  source?.close();
  const stream = new EventSource(streamPath(interest));
  source = stream;
  let opened = false;
  stream.onopen = () => {
    setState({ live: 'open' });
    if (!opened && first) attempt(() => loadAll(interest.logs));
    else if (!opened && logsAdded) attempt(loadLogs);
    opened = true;
  };
  stream.onerror = () => setState({ live: stream.readyState === EventSource.CLOSED ? 'closed' : 'connecting' });
  for (const type of Object.keys(HANDLERS) as (keyof LiveEventData)[]) {
    stream.addEventListener(type, (event: MessageEvent<string>) => apply(type, event));
  }
}

/** Opens the stream, and opens it anew whenever what the page shows asks for other events. */
export function startLive(): void {
  follow(interestOf(getState()));
  watch((state) => {
    const interest = interestOf(state);
    if (interest.chats !== following?.chats || interest.logs !== following.logs) follow(interest);
  });
}
