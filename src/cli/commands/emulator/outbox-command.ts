// emulator outbox: the definition.
import { defineCommand } from '../../command.js';
import { FOR_DEVICE } from './phrases.js';

export const emulatorOutboxCommand = defineCommand({
  name: 'outbox',
  description: `List every message that went out ${FOR_DEVICE}`,
  examples: ['chatbot emulator outbox', 'chatbot emulator outbox --appkey "$APPKEY" --json'],
});
