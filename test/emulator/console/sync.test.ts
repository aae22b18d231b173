// The console's state following the live stream alone (page/sync.ts): a snapshot, then the events in order, in every
// order the protocol allows: events before and after a snapshot's position, a resume that names what is fresh, a lost
// resume point answered with a whole snapshot, a reset.
import { describe, expect, it } from 'vitest';
import type {
  AccountView,
  ChatMessage,
  DeviceView,
  FaultRule,
  LiveEvent,
  LiveSnapshot,
  LoggedRequest,
  SnapshotPage,
} from '../../../src/emulator/control/types.js';
import { initialState, newChat, type ConsoleState, type OpenChat } from '../../../src/emulator/console/page/store.js';
import {
  applyEvent,
  freshOf,
  interestOf,
  streamOpening,
  streamQuery,
  type Interest,
} from '../../../src/emulator/console/page/sync.js';
import { loadRun } from '../../support/load-run.js';
import { chatMessage } from './chat-message.js';

const DEVICE = 'dev_1';
const CONTACT = '5521998765432';
const OTHER = '5511911110000';
const device = { id: DEVICE, nome: 'Loja', appkey: 'k', telefone: '', webhook: '', conectado: true } as DeviceView;
const accounts = (conectado: boolean): AccountView[] =>
  [{ id: 1, nome: 'Ana', email: 'a@x', dispositivos: [{ ...device, conectado }] }] as unknown as AccountView[];
const rule = (id: string): FaultRule => ({ id, match: { operation: 'sendText' }, hits: 0 });
const request = (id: number) => ({ id, operation: 'sendText' }) as unknown as LoggedRequest;

function openChat(chat: string): OpenChat {
  return newChat(device, chat);
}

function base(open: string[] = [CONTACT]): ConsoleState {
  return { ...initialState(), open: open.map(openChat) };
}

const message = (id: string, chat = CONTACT): ChatMessage => chatMessage({ id, chat, cursor: id });

function page(chat: string, ids: string[]): SnapshotPage {
  return {
    dispositivo: DEVICE,
    chat,
    isGrupo: false,
    grupo: null,
    mensagens: ids.map((id) => message(id, chat)),
    anterior: null,
    agendados: [],
  };
}

function snapshot(posicao: number, overrides: Partial<LiveSnapshot> = {}): LiveEvent {
  const data: LiveSnapshot = {
    posicao,
    retoma: null,
    contas: accounts(true),
    relogio: { agora: '2030-01-01T12:00:00.000Z', alterado: false },
    falhas: [],
    conversas: { [DEVICE]: [] },
    paginas: [page(CONTACT, ['m1'])],
    requisicoes: null,
    tentativas: null,
    carga: null,
    ...overrides,
  };
  return { id: posicao, type: 'snapshot', data };
}

const ev = {
  faults: (id: number, ids: string[]): LiveEvent => ({ id, type: 'faults', data: { falhas: ids.map(rule) } }),
  devices: (id: number, conectado: boolean): LiveEvent => ({
    id,
    type: 'devices',
    data: { contas: accounts(conectado) },
  }),
  clock: (id: number, agora: string): LiveEvent => ({ id, type: 'clock', data: { agora, alterado: true } }),
  message: (id: number, messageId: string, chat = CONTACT): LiveEvent => ({
    id,
    type: 'message',
    data: { ...message(messageId, chat), dispositivo: DEVICE },
  }),
  request: (id: number, requestId: number): LiveEvent => ({ id, type: 'request', data: request(requestId) }),
  reset: (id: number): LiveEvent => ({ id, type: 'reset', data: { motivo: 'reset' } }),
  resync: (id: number, desde: number): LiveEvent => ({ id, type: 'resync', data: { desde } }),
};

/** The state after each event in turn, as the stream for `asked` brings them. */
function run(state: ConsoleState, events: LiveEvent[], asked: Interest = interestOf(state)): ConsoleState {
  return events.reduce((current, event) => applyEvent(current, event, false, asked).state, state);
}

const messagesOf = (state: ConsoleState, chat = CONTACT) =>
  state.open.find((open) => open.chat === chat)?.messages.map((m) => m.id);

describe('the console state from the live stream', () => {
  it('takes a snapshot whole, then applies the changes after its position', () => {
    const state = run(base(), [
      snapshot(5, { falhas: [rule('a')] }),
      ev.faults(6, ['a', 'b']),
      ev.devices(7, false),
      ev.clock(8, '2030-01-02T00:00:00.000Z'),
      ev.message(9, 'm2'),
    ]);
    expect(state.faults.map((f) => f.id)).toEqual(['a', 'b']);
    expect(state.accounts[0]?.dispositivos[0]?.conectado).toBe(false);
    expect(state.clock?.agora).toBe('2030-01-02T00:00:00.000Z');
    expect(messagesOf(state)).toEqual(['m1', 'm2']);
    expect(state.open[0]?.loading).toBe(false);
    expect(state.live.lastId).toBe(9);
  });

  it('ignores what comes at or before the position applied: the snapshot holds it already', () => {
    const state = run(base(), [
      snapshot(5, { falhas: [rule('a')] }),
      ev.faults(4, []),
      ev.faults(5, []),
      ev.message(3, 'm1'),
    ]);
    expect(state.faults.map((f) => f.id)).toEqual(['a']);
    expect(messagesOf(state)).toEqual(['m1']);
  });

  it('puts a message in its chat’s time order: one sent after the clock went back goes before later ones', () => {
    const at = (time: number, id: string, seq: number): LiveEvent => ({
      id: seq + 10,
      type: 'message',
      data: { ...chatMessage({ id, chat: CONTACT, cursor: `${time}.out.${seq}` }), dispositivo: DEVICE },
    });
    const state = run(base(), [
      snapshot(5, { paginas: [] }),
      at(5000, 'later', 1),
      at(1000, 'earlier', 2),
      at(6000, 'last', 3),
    ]);
    expect(messagesOf(state)).toEqual(['earlier', 'later', 'last']);
  });

  it('applies a message the snapshot already held once', () => {
    const state = run(base(), [snapshot(5, { paginas: [page(CONTACT, ['m1', 'm2'])] }), ev.message(6, 'm2')]);
    expect(messagesOf(state)).toEqual(['m1', 'm2']);
  });

  it('lets a whole snapshot replace what events before it left: chats it has no page of hold nothing', () => {
    const before = run(base([CONTACT, OTHER]), [ev.message(2, 'x', OTHER), ev.request(3, 1), ev.faults(4, ['old'])]);
    const state = run(before, [snapshot(10, { requisicoes: [request(7)] })]);
    expect(messagesOf(state, OTHER)).toEqual([]);
    expect(state.requests.map((r) => r.id)).toEqual([7]);
    expect(state.faults).toEqual([]);
    expect(state.live.lastId).toBe(10);
  });

  it('resumes: the missed events, then a snapshot of what is fresh, keeping the chats it carried', () => {
    const first = run(base(), [snapshot(5, { requisicoes: [request(1)] }), ev.message(6, 'm2')]);
    const opened = { ...first, open: [...first.open, openChat(OTHER)], view: 'logs' as const };
    const asked = interestOf(opened);
    expect(freshOf(asked, opened.live.carried)).toEqual([`${DEVICE}:${OTHER}`, 'logs']);
    const query = streamQuery(streamOpening(opened, asked), asked);
    expect(Object.fromEntries(query)).toMatchObject({ lastEventId: '6', fresh: `${DEVICE}:${OTHER},logs` });
    const resumed = run(
      opened,
      [
        ev.faults(7, ['c']),
        ev.message(8, 'm3'),
        snapshot(9, { retoma: 6, paginas: [page(OTHER, ['o1'])], requisicoes: [request(2)] }),
      ],
      asked,
    );
    expect(messagesOf(resumed)).toEqual(['m1', 'm2', 'm3']);
    expect(messagesOf(resumed, OTHER)).toEqual(['o1']);
    expect(resumed.faults.map((f) => f.id)).toEqual([]);
    expect(resumed.requests.map((r) => r.id)).toEqual([1, 2]);
    expect(resumed.live.carried).toEqual(asked);
  });

  it('has a resume point after a quiet first stream, its snapshot at position 0', () => {
    const state = run(base(), [snapshot(0)]);
    const asked = interestOf(state);
    expect(streamQuery(state, asked).get('lastEventId')).toBe('0');
    expect(streamQuery(state, asked).has('fresh')).toBe(false);
  });

  it('names a chat closed and opened again fresh, though the snapshot of its first opening had not come', () => {
    const state = run(base(), [snapshot(3)]);
    const closed = streamOpening({ ...state, open: [] }, { chats: [], logs: false });
    const reopened = { ...closed, open: [openChat(CONTACT)] };
    expect(streamQuery(reopened, interestOf(reopened)).get('fresh')).toBe(`${DEVICE}:${CONTACT}`);
  });

  it('takes a lost resume point’s resync, then the whole snapshot after it', () => {
    const state = run(base([CONTACT, OTHER]), [
      snapshot(5, { paginas: [page(CONTACT, ['m1']), page(OTHER, ['o1'])] }),
      ev.resync(9000, 5),
      snapshot(9000, { paginas: [page(CONTACT, ['m9'])], falhas: [rule('z')] }),
    ]);
    expect(messagesOf(state)).toEqual(['m9']);
    expect(messagesOf(state, OTHER)).toEqual([]);
    expect(state.faults.map((f) => f.id)).toEqual(['z']);
  });

  it('empties what a reset erased, then takes the snapshot after it', () => {
    const reset = run(base(), [snapshot(5, { requisicoes: [request(1)] }), ev.reset(6)]);
    expect(messagesOf(reset)).toEqual([]);
    expect(reset.requests).toEqual([]);
    const after = run(reset, [ev.message(7, 'n1'), snapshot(7, { paginas: [page(CONTACT, ['n1'])], contas: [] })]);
    expect(messagesOf(after)).toEqual(['n1']);
    expect(after.accounts).toEqual([]);
  });

  it('counts messages from contacts in chats not open as unread, and asks for a list it cannot update', () => {
    const state = run(base(), [snapshot(1)]);
    const change = { chat: '1203630@g.us', isGrupo: true, novas: 2, recebidas: 2, ultima: 'x', ultimaId: 'g' };
    const event: LiveEvent = {
      id: 2,
      type: 'chats',
      data: { dispositivo: DEVICE, conversas: [change], outras: { conversas: 0, recebidas: 0 } },
    };
    const applied = applyEvent(state, event, false, interestOf(state));
    expect(applied.state.unread).toBe(2);
    expect(applied.reads).toEqual([{ device: DEVICE, quiet: false }]);
  });

  it('shows the latest load run: the snapshot’s, then each posted one, and none after a reset', () => {
    const first = loadRun();
    const ended = loadRun({ state: 'done' });
    const state = run(base(), [snapshot(5, { carga: first })]);
    expect(state.load).toEqual(first);
    const later = run(state, [{ id: 6, type: 'load', data: ended }]);
    expect(later.load?.state).toBe('done');
    expect(run(later, [ev.reset(7)]).load).toBeNull();
    expect(run(later, [snapshot(8)]).load).toBeNull();
  });
});
