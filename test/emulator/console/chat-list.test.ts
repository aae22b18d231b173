// The console's chat list kept from the live `chats` events, without reading GET /__emulator/chats again for each.
import { describe, expect, it } from 'vitest';
import type { ChatChange, ChatSummary } from '../../../src/emulator/control/types.js';
import { withChanges } from '../../../src/emulator/console/page/chat-list.js';

const summary = (chat: string, overrides: Partial<ChatSummary> = {}): ChatSummary => ({
  chat,
  isGrupo: false,
  titulo: chat,
  mensagens: 2,
  ultima: '2030-01-01T11:00:00.000Z',
  agendados: 0,
  ...overrides,
});

const change = (chat: string, overrides: Partial<ChatChange> = {}): ChatChange => ({
  chat,
  isGrupo: false,
  novas: 1,
  recebidas: 0,
  ultima: '2030-01-01T12:00:00.000Z',
  ultimaId: '3EB0000000000000000A',
  ...overrides,
});

describe('withChanges', () => {
  const older = [summary('5511911110000'), summary('5521998765432', { agendados: 1 })];

  it('counts a known chat’s new messages and moves the chat to the top, keeping the rest', () => {
    expect(withChanges(older, [change('5521998765432', { novas: 3 })])).toEqual([
      summary('5521998765432', { agendados: 1, mensagens: 5, ultima: '2030-01-01T12:00:00.000Z' }),
      summary('5511911110000'),
    ]);
  });

  it('puts the newest change first when several chats changed', () => {
    const changed = withChanges(older, [change('5511911110000'), change('5581900000000')]);
    expect(changed?.map((chat) => chat.chat)).toEqual(['5581900000000', '5511911110000', '5521998765432']);
  });

  it('titles a contact by the name it gave, and lists a new contact first', () => {
    expect(withChanges(older, [change('5581900000000', { nome: 'Ana', recebidas: 1 })])?.[0]).toEqual(
      summary('5581900000000', { titulo: 'Ana', mensagens: 1, ultima: '2030-01-01T12:00:00.000Z' }),
    );
  });

  it('does not count again what a read of the list made after the change already counted', () => {
    const read = [summary('5521998765432', { mensagens: 3, ultima: '2030-01-01T12:00:00.000Z' })];
    expect(withChanges(read, [change('5521998765432')])).toEqual(read);
  });

  it('keeps a group’s title, and leaves a group it does not know to be read from the emulator', () => {
    const group = summary('120363000000000000@g.us', { isGrupo: true, titulo: 'Turma' });
    const inGroup = change(group.chat, { isGrupo: true, nome: 'Ana' });
    expect(withChanges([group], [inGroup])?.[0]?.titulo).toBe('Turma');
    expect(withChanges([], [inGroup])).toBeUndefined();
  });
});
