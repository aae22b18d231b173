// The tab's one stream of live events (GET /__emulator/events): the browser reconnects by itself after a drop and
// sends the last id it saw, so the emulator replays what was missed; each event is applied once (by id).
import type { LiveEvent, LiveEventData } from '../../control/types.js';
import { api } from './api.js';
import { attempt, loadAll, receive, reloadChat, reloadChatsSoon } from './data.js';
import { appendKept, getState, setState } from './store.js';

let lastId = 0;

type Handler<Type extends keyof LiveEventData> = (data: LiveEventData[Type]) => void;

const HANDLERS: { [Type in keyof LiveEventData]: Handler<Type> } = {
  request: (entry) => {
    setState((s) => ({ requests: appendKept(s.requests, [entry]) }));
    // A rule with `times` may have run out: the badge must say so.
    if (entry.fault?.startsWith('flt_')) attempt(async () => setState({ faults: await api.faults() }));
  },
  message: receive,
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
  reset: () => attempt(loadAll),
  resync: () => attempt(loadAll),
};

function apply(type: keyof LiveEventData, raw: MessageEvent<string>): void {
  const id = Number(raw.lastEventId);
  if (Number.isFinite(id) && id > 0 && id <= lastId && type !== 'resync') return;
  if (Number.isFinite(id)) lastId = Math.max(lastId, id);
  const event = { type, data: JSON.parse(raw.data) as unknown } as Omit<LiveEvent, 'id'>;
  (HANDLERS[event.type] as (data: unknown) => void)(event.data);
}

/** Opens the stream; the data is read once it is open, so that nothing between the two is missed. */
export function startLive(): void {
  const source = new EventSource('/__emulator/events');
  let first = true;
  source.onopen = () => {
    setState({ live: 'open' });
    if (first) attempt(loadAll);
    first = false;
  };
  source.onerror = () => setState({ live: source.readyState === EventSource.CLOSED ? 'closed' : 'connecting' });
  for (const type of Object.keys(HANDLERS) as (keyof LiveEventData)[]) {
    source.addEventListener(type, (event: MessageEvent<string>) => apply(type, event));
  }
}
