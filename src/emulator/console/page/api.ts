// The console's only way to the emulator: the control API's one client (control/client.ts) over window.fetch, same
// origin (the token cookie, when one is needed, goes along by itself), named as the views call it.
import { ControlApi, fetchSend } from '../../control/client.js';
import type {
  AccountView,
  InboundRequest,
  LoggedRequest,
  StateDocument,
  WebhookAttempt,
  FaultRule,
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

const control = new ControlApi(
  fetchSend({
    fetch: (url, init) => fetch(url, init),
    baseUrl: '',
    refused: (_path, status, body) =>
      new ControlError(status, typeof body.message === 'string' ? body.message : `HTTP ${status}`),
  }),
);

export const api = {
  devices: async (): Promise<AccountView[]> => (await control.devices()).contas,
  pairing: (appkey: string) => control.pairing({ appkey }),
  connect: (appkey: string) => control.connect({ appkey }),
  disconnect: (appkey: string) => control.disconnect({ appkey }),
  chats: async (appkey: string) => (await control.chats({ appkey })).conversas,
  chat: (appkey: string, chat: string, before?: string, limit?: number) =>
    control.chat({ appkey, chat, before, limit }),
  nameContact: (appkey: string, contato: string, nome: string) => control.nameContact({ appkey, contato, nome }),
  inbound: (appkey: string, evento: string, fields: Record<string, unknown>) =>
    control.inbound({ appkey, evento, ...fields } as InboundRequest),
  requests: async (filter: Record<string, string | number | undefined> = {}): Promise<LoggedRequest[]> =>
    (await control.requests(filter)).requisicoes,
  attempts: async (appkey: string): Promise<WebhookAttempt[]> => (await control.attempts({ appkey })).tentativas,
  redeliver: (id: number, corpo?: Record<string, unknown>) =>
    control.redeliver(corpo === undefined ? { id } : { id, corpo }),
  faults: async (): Promise<FaultRule[]> => (await control.faults()).falhas,
  addFault: (rule: Record<string, unknown>) => control.addFault(rule),
  removeFault: (id: string) => control.removeFault({ id }),
  clock: () => control.clock(),
  advanceClock: (by: string) => control.advanceClock({ by }),
  setClock: (at: string) => control.setClock({ at }),
  resetClock: () => control.resetClock(),
  reset: () => control.reset(),
  exportState: () => control.exportState(),
  importState: (document: unknown) => control.importState(document as StateDocument),
};
