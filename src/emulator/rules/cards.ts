// Carousel cards of sendCarousel.
import { readButtons, type StoredButton } from './buttons.js';
import { asText, decodeJsonText, has, isRecord, own } from './fields.js';
import { normalizeHttpUrl } from './recipients.js';

export interface StoredCard {
  image_url?: string;
  title?: string;
  subtitle?: string;
  description?: string;
  buttons: StoredButton[];
}

export const MAX_CARDS = 10;

function readCard(raw: unknown): StoredCard | undefined {
  const card = decodeJsonText(raw);
  if (!isRecord(card)) return undefined;
  const text = (key: string) => asText(own(card, key));
  const imageUrl = text('image_url');
  if (imageUrl !== undefined && !normalizeHttpUrl(imageUrl)) return undefined;
  const buttons = has(card, 'buttons') ? readButtons(own(card, 'buttons'), 'carousel') : [];
  if (!buttons) return undefined;
  const stored: StoredCard = { buttons };
  for (const key of ['image_url', 'title', 'subtitle', 'description'] as const) {
    const value = text(key);
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

/** 1 to MAX_CARDS valid cards, or undefined (→ 401 validation.required). */
export function readCards(raw: unknown): StoredCard[] | undefined {
  const list = decodeJsonText(raw);
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CARDS) return undefined;
  const cards = list.map(readCard);
  return cards.every((c): c is StoredCard => c !== undefined) ? cards : undefined;
}
