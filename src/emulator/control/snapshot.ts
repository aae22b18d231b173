// The snapshot a live stream begins with (LiveSnapshot in types.ts): the devices, clock, fault rules and the latest
// load run's figures, and what the follower asked for (each named chat's newest page and every device's chat list,
// the logs' newest rows, or without the logs the rows of the named chats: their webhook attempts and refused sends),
// read at once, at the bus position the stream follows from.
import type { Instruments } from '../instruments/index.js';
import type { ChatRef } from '../instruments/attempt-log.js';
import type { SnapshotScope } from '../live/stream.js';
import type { Store } from '../store/db.js';
import { chatRoute, chatsRoute } from './chats.js';
import { accountsView } from '../store/account-list.js';
import type { LiveSnapshot, SnapshotPage } from './types.js';

/** The logs' rows a snapshot carries (the console keeps as many). */
export const SNAPSHOT_LOG_ROWS = 500;

function page(store: Store, key: string): SnapshotPage | undefined {
  const { device: dispositivo, chat } = chatRef(key);
  try {
    const { status: _status, ...answer } = chatRoute(store, { dispositivo, chat });
    return { ...answer, dispositivo };
  } catch {
    return undefined; // The device is gone (or the chat is not one): the follower shows nothing of it.
  }
}

type Rows = Pick<LiveSnapshot, 'requisicoes' | 'tentativas'>;

/** `<device id>:<chat>` as the device and the chat. */
function chatRef(key: string): ChatRef {
  const colon = key.indexOf(':');
  return colon < 0 ? { device: key, chat: '' } : { device: key.slice(0, colon), chat: key.slice(colon + 1) };
}

/**
 * The logs' rows a snapshot carries: the newest of all, or those of the named chats (none when it names none), read
 * by chat so that their cost follows the chats, not the logs' length.
 */
function logRows(instruments: Instruments, scope: SnapshotScope): Rows {
  if (scope.logs)
    return {
      requisicoes: instruments.requests.list().slice(-SNAPSHOT_LOG_ROWS),
      tentativas: instruments.attempts.newest(SNAPSHOT_LOG_ROWS),
    };
  const chats = [...new Set(scope.chats ?? [])].map(chatRef);
  if (chats.length === 0) return { requisicoes: null, tentativas: null };
  return {
    requisicoes: instruments.requests.refusedIn(chats, SNAPSHOT_LOG_ROWS),
    tentativas: instruments.attempts.ofChats(chats, SNAPSHOT_LOG_ROWS),
  };
}

/** The state now, as a snapshot at `posicao`; `retoma`, the id a resumed stream continues from. */
export function takeSnapshot(
  store: Store,
  instruments: Instruments,
  now: number,
  at: { posicao: number; retoma: number | null },
  scope: SnapshotScope,
): LiveSnapshot {
  const contas = accountsView(store, now);
  const devices = contas.flatMap((conta) => conta.dispositivos);
  const conversas = scope.lists
    ? Object.fromEntries(devices.map((device) => [device.id, chatsRoute(store, { appkey: device.appkey }).conversas]))
    : {};
  return {
    ...at,
    contas,
    relogio: { agora: new Date(now).toISOString(), alterado: instruments.clock.moved },
    falhas: [...instruments.faults.list()],
    conversas,
    paginas: (scope.chats ?? []).flatMap((key) => page(store, key) ?? []),
    ...logRows(instruments, scope),
    carga: instruments.load.latest,
  };
}
