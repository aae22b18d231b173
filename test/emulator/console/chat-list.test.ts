// The console's chat list kept from live messages, without reading GET /__emulator/chats again for each.
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../../src/emulator/control/types.js';
import { withMessage } from '../../../src/emulator/console/page/chat-list.js';
import { chatMessage as message } from './chat-message.js';

const summary = (chat: string, overrides: Partial<ChatSummary> = {}): ChatSummary => ({
  chat,
  isGrupo: false,
  titulo: chat,
  mensagens: 2,
  ultima: '2030-01-01T11:00:00.000Z',
  agendados: 0,
  ...overrides,
});

describe('withMessage', () => {
  const older = [summary('5511911110000'), summary('5521998765432', { agendados: 1 })];

  it('counts a known chat’s message and moves the chat to the top, keeping the rest', () => {
    expect(withMessage(older, message({}))).toEqual([
      summary('5521998765432', { agendados: 1, mensagens: 3, ultima: '2030-01-01T12:00:00.000Z' }),
      summary('5511911110000'),
    ]);
  });

  it('titles a contact by the name it gave, and lists a new contact first', () => {
    const named = message({ direction: 'in', chat: '5581900000000', de: '5581900000000', nome: 'Ana' });
    expect(withMessage(older, named)?.[0]).toEqual(
      summary('5581900000000', { titulo: 'Ana', mensagens: 1, ultima: '2030-01-01T12:00:00.000Z' }),
    );
  });

  it('keeps a group’s title, and leaves a group it does not know to be read from the emulator', () => {
    const group = summary('120363000000000000@g.us', { isGrupo: true, titulo: 'Turma' });
    const fromMember = message({ direction: 'in', chat: group.chat, de: '5581900000000', nome: 'Ana' });
    expect(withMessage([group], fromMember)?.[0]?.titulo).toBe('Turma');
    expect(withMessage([], fromMember)).toBeUndefined();
  });
});
