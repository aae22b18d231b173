// The tab's one stream of live events (GET /__emulator/events), the page's one source of what the emulator holds: a
// snapshot first, then each change in order (sync.ts applies them to the store). The stream carries only what the page
// shows: the messages of the open chats, and the request and webhook logs while the logs view or the inspector is
// open. When that changes, the page follows anew from the last id it applied, naming what is fresh to it, and the new
// stream brings a snapshot of that after what was missed. The browser takes up a dropped stream by itself (sending
// the last id it saw); one the emulator refused is opened again here.
import type { LiveEvent, LiveEventType } from '../../control/types.js';
import { attempt, loadChats } from './data.js';
import { allDevices, getState, renderSoon, setState, watch, type ConsoleState } from './store.js';
import {
  applyEvent,
  interestOf,
  sameInterest,
  streamOpening,
  streamQuery,
  type Interest,
  type ListRead,
} from './sync.js';

const TYPES: readonly LiveEventType[] = [
  'snapshot',
  'request',
  'message',
  'chats',
  'schedule',
  'webhook',
  'devices',
  'clock',
  'faults',
  'load',
  'reset',
  'resync',
];

/** How long a device's chat list waits for more changes before it is read again. */
const CHAT_LIST_DELAY_MS = 300;
/** After a flood (chats only counted), how long the list waits for quiet before it is read again. */
const FLOOD_QUIET_MS = 2000;
/** How long to wait before opening again a stream the emulator refused (as its `retry:` says for a drop). */
const REOPEN_MS = 1000;

/** Reads a device's chat list once after a burst of changes, not once for each; after a flood, once it is quiet. */
function listReader(): (read: ListRead) => void {
  const due = new Map<string, ReturnType<typeof setTimeout>>();
  return ({ device, quiet }) => {
    const waiting = due.get(device);
    if (waiting !== undefined && !quiet) return;
    clearTimeout(waiting);
    const timer = setTimeout(
      () => {
        due.delete(device);
        const found = allDevices().find((d) => d.id === device);
        if (found) attempt(() => loadChats(found));
      },
      quiet ? FLOOD_QUIET_MS : CHAT_LIST_DELAY_MS,
    );
    due.set(device, timer);
  };
}

/** The stream the page follows now, and what it asked of it. */
interface Following {
  source: EventSource | undefined;
  asked: Interest;
}

function onEvent(following: () => Following | undefined, mine: Following, readList: (read: ListRead) => void) {
  return (type: LiveEventType) => (raw: MessageEvent<string>) => {
    if (following() !== mine) return;
    const event = { id: Number(raw.lastEventId), type, data: JSON.parse(raw.data) as unknown } as LiveEvent;
    let reads: ListRead[] = [];
    setState((current) => {
      const applied = applyEvent(current, event, document.hidden, mine.asked);
      reads = applied.reads;
      return applied.state;
    });
    for (const read of reads) readList(read);
    if (type === 'snapshot') renderSoon();
  };
}

const withLive = (state: ConsoleState['live']['state']) => (current: ConsoleState) => ({
  live: { ...current.live, state },
});

/**
 * Opens the stream (carrying the chats open already: a deep link's), and opens it anew whenever what the page shows
 * asks for other events.
 */
export function startLive(): void {
  let current: Following | undefined;
  const readList = listReader();
  const follow = () => {
    current?.source?.close();
    const asked = interestOf(getState());
    const mine: Following = { source: undefined, asked };
    current = mine;
    setState((now) => streamOpening(now, asked));
    const source = new EventSource(`/__emulator/events?${streamQuery(getState(), asked).toString()}`);
    mine.source = source;
    const handle = onEvent(() => current, mine, readList);
    for (const type of TYPES) source.addEventListener(type, handle(type));
    source.onopen = () => setState(withLive('open'));
    source.onerror = () => {
      if (current !== mine) return;
      setState((now) => withLive(now.live.state === 'connecting' ? 'connecting' : 'reconnecting')(now));
      if (source.readyState === EventSource.CLOSED) setTimeout(() => current === mine && follow(), REOPEN_MS);
    };
  };
  watch((state) => {
    if (current && !sameInterest(current.asked, interestOf(state))) follow();
  });
  follow();
}
