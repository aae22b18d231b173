// A chat message as GET /__emulator/chat answers it: a text the device sent, with the fields a test changes.
import type { ChatMessage } from '../../../src/emulator/control/types.js';

export function chatMessage(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: '3EB0AAAA',
    direction: 'out',
    kind: 'text',
    chat: '5521998765432',
    timestamp: '2030-01-01T12:00:00.000Z',
    content: { message: '' },
    avisos: [],
    cursor: '1.out.1',
    ...overrides,
  };
}
