// What a chat list shows under a chat's title: its newest message in a few words, whichever side sent it.
import type { ChatMessage } from '../control/types.js';

/** The longest preview: a line of the console's list. */
const PREVIEW_LENGTH = 80;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function described(message: ChatMessage): string {
  const content: Record<string, unknown> = message.content;
  const said = text(content.message) || text(content.mensagem) || text(content.caption);
  switch (message.kind) {
    case 'reaction':
      return 'Reacted to a message';
    case 'poll_vote':
      return 'Voted in a poll';
    case 'location':
      return said || 'Location';
    case 'media':
      return said || text(content.fileName) || text(content.nomearquivo) || 'Media';
    case 'button':
      return text(record(content.opcao).texto) || said;
    case 'story':
      return said || 'Status post';
    default:
      return said || text(content.fileName);
  }
}

/** The newest message's words on one line, cut to PREVIEW_LENGTH characters. */
export function previewText(message: ChatMessage): string {
  const line = described(message).replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}
