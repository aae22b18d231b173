// The console's only way to the emulator: the control API, same origin (the token cookie, when one is needed, goes
// along by itself).
import type {
  AccountView,
  AttemptsAnswer,
  ChatAnswer,
  ChatsAnswer,
  ClockAnswer,
  DevicesAnswer,
  FaultRule,
  FaultsAnswer,
  LoggedRequest,
  PairingAnswer,
  RequestsAnswer,
  StateAnswer,
  WebhookAttempt,
} from '../../control/types.js';

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const answer = (await res.json()) as { status?: number; message?: string };
  if (!res.ok || answer.status !== 200) throw new ControlError(res.status, answer.message ?? `HTTP ${res.status}`);
  return answer as T;
}

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();

export const api = {
  devices: async (): Promise<AccountView[]> => (await call<DevicesAnswer>('/__emulator/devices')).contas,
  pairing: (appkey: string) => call<PairingAnswer>(`/__emulator/pairing?${q({ appkey })}`),
  connect: (appkey: string) => call('/__emulator/connect', { appkey }),
  disconnect: (appkey: string) => call('/__emulator/disconnect', { appkey }),
  chats: async (appkey: string) => (await call<ChatsAnswer>(`/__emulator/chats?${q({ appkey })}`)).conversas,
  chat: (appkey: string, chat: string, before?: string, limit?: number) =>
    call<ChatAnswer>(`/__emulator/chat?${q({ appkey, chat, before, limit })}`),
  nameContact: (appkey: string, contato: string, nome: string) =>
    call<{ nome: string }>('/__emulator/contacts/name', { appkey, contato, nome }),
  inbound: (appkey: string, evento: string, fields: Record<string, unknown>) =>
    call<{ idMessagem: string }>('/__emulator/inbound', { appkey, evento, ...fields }),
  requests: async (filter: Record<string, string | number | undefined> = {}): Promise<LoggedRequest[]> =>
    (await call<RequestsAnswer>(`/__emulator/requests?${q(filter)}`)).requisicoes,
  attempts: async (appkey: string): Promise<WebhookAttempt[]> =>
    (await call<AttemptsAnswer>(`/__emulator/webhooks/attempts?${q({ appkey })}`)).tentativas,
  redeliver: (id: number, corpo?: Record<string, unknown>) =>
    call<{ entrega: number }>('/__emulator/webhooks/redeliver', corpo === undefined ? { id } : { id, corpo }),
  faults: async (): Promise<FaultRule[]> => (await call<FaultsAnswer>('/__emulator/faults')).falhas,
  addFault: (rule: Record<string, unknown>) => call('/__emulator/faults', rule),
  removeFault: (id: string) => call('/__emulator/faults/remove', { id }),
  clock: () => call<ClockAnswer>('/__emulator/clock'),
  advanceClock: (by: string) => call<ClockAnswer>('/__emulator/clock/advance', { by }),
  setClock: (at: string) => call<ClockAnswer>('/__emulator/clock/set', { at }),
  resetClock: () => call<ClockAnswer>('/__emulator/clock/reset', {}),
  reset: () => call('/__emulator/reset', {}),
  exportState: () => call<StateAnswer>('/__emulator/state'),
  importState: (document: unknown) => call<{ linhas: number }>('/__emulator/state', document),
};
