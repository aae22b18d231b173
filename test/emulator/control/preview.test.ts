// A chat list's preview of a chat's newest message: its words on one line, cut, and a few words for what has none.
import { describe, expect, it } from 'vitest';
import { previewText } from '../../../src/emulator/store/chat-preview.js';
import type { ChatMessage } from '../../../src/emulator/control/types.js';

const message = (kind: string, content: Record<string, unknown>, direction: 'in' | 'out' = 'out'): ChatMessage => ({
  id: 'x',
  kind,
  chat: '5521998765432',
  timestamp: '',
  direction,
  content,
  avisos: [],
  cursor: '',
});

describe('previewText', () => {
  it('gives the words of a message either way, on one line', () => {
    expect(previewText(message('text', { message: 'Olá\n  *Ana*' }))).toBe('Olá *Ana*');
    expect(previewText(message('text', { mensagem: 'Oi bot' }, 'in'))).toBe('Oi bot');
    expect(previewText(message('button', { opcao: { id: '1', texto: 'Sim' } }, 'in'))).toBe('Sim');
    expect(previewText(message('media', { caption: 'Seu boleto', fileName: 'b.pdf' }))).toBe('Seu boleto');
    expect(previewText(message('media', { fileName: 'b.pdf' }))).toBe('b.pdf');
  });

  it('says what a message without words is', () => {
    expect(previewText(message('reaction', { emoji: '👍' }, 'in'))).toBe('Reacted to a message');
    expect(previewText(message('poll_vote', { opcoes: ['Caju'] }, 'in'))).toBe('Voted in a poll');
    expect(previewText(message('location', { latitude: 1, longitude: 2 }))).toBe('Location');
  });

  it('cuts a long message to one line of the list', () => {
    const preview = previewText(message('text', { message: 'a'.repeat(200) }));
    expect(preview).toHaveLength(80);
    expect(preview.endsWith('…')).toBe(true);
  });
});
