// Carousel cards of sendCarousel.
import { checkButtons, type StoredButton } from './buttons.js';
import { quoted } from './reasons.js';
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

function checkCard(raw: unknown, path: string): StoredCard | string {
  const card = decodeJsonText(raw);
  if (!isRecord(card)) return `${path} must be an object, got ${quoted(card)}`;
  const text = (key: string) => asText(own(card, key));
  const imageUrl = text('image_url');
  if (imageUrl !== undefined && !normalizeHttpUrl(imageUrl))
    return `${path}.image_url ${quoted(imageUrl)} is not an http(s) URL`;
  const buttons = has(card, 'buttons') ? checkButtons(own(card, 'buttons'), 'carousel', `${path}.buttons`) : [];
  if (typeof buttons === 'string') return buttons;
  const stored: StoredCard = { buttons };
  for (const key of ['image_url', 'title', 'subtitle', 'description'] as const) {
    const value = text(key);
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

/** 1 to MAX_CARDS valid cards, or what is wrong, by path (→ 401 validation.required). */
export function checkCards(raw: unknown): StoredCard[] | string {
  const list = decodeJsonText(raw);
  if (!Array.isArray(list)) return raw === undefined ? 'cards is missing' : `cards must be a list, got ${quoted(list)}`;
  if (list.length === 0) return 'cards is empty';
  if (list.length > MAX_CARDS) return `cards has ${list.length} cards; the limit is ${MAX_CARDS}`;
  const cards: StoredCard[] = [];
  for (const [index, item] of list.entries()) {
    const card = checkCard(item, `cards[${index}]`);
    if (typeof card === 'string') return card;
    cards.push(card);
  }
  return cards;
}

/** 1 to MAX_CARDS valid cards, or undefined (→ 401 validation.required). */
export function readCards(raw: unknown): StoredCard[] | undefined {
  const cards = checkCards(raw);
  return typeof cards === 'string' ? undefined : cards;
}
