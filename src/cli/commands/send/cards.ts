// The `--cards` JSON of `send carousel` (sendCarousel), checked before sending: each fault names its place, e.g.
// cards[1].title.
import type { Card, CardButton } from '../../../api/types.js';
import { UsageError } from '../../../errors.js';
import { httpUrl, phoneNumber } from '../../shared/validate.js';

type Json = Record<string, unknown>;

const BUTTON_TYPES = 'quickReplyButton, urlButton or callButton';

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fail(path: string, rule: string): never {
  throw new UsageError(`--cards: ${path} ${rule}`);
}

function text(item: Json, key: string, path: string): string {
  const value = item[key];
  if (typeof value !== 'string' || value.trim() === '') fail(`${path}.${key}`, 'must be a non-empty string');
  return value;
}

function optionalText(item: Json, key: string, path: string): string | undefined {
  const value = item[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(`${path}.${key}`, 'must be a string when given');
  return value;
}

function url(item: Json, key: string, path: string): string {
  const value = text(item, key, path);
  try {
    return httpUrl(key, value.trim());
  } catch {
    return fail(`${path}.${key}`, `must be an http(s) URL (got "${value}")`);
  }
}

function phone(item: Json, key: string, path: string): string {
  const value = text(item, key, path);
  try {
    phoneNumber(key, value);
    return value.trim();
  } catch {
    return fail(`${path}.${key}`, `must be a phone number in international format for a callButton (got "${value}")`);
  }
}

function checkButton(raw: unknown, path: string): CardButton {
  if (!isObject(raw)) fail(path, `must be an object with type (${BUTTON_TYPES}) and displaytext`);
  const type = raw.type;
  const displaytext = () => text(raw, 'displaytext', path);
  if (type === 'quickReplyButton') return { type, displaytext: displaytext(), id: text(raw, 'id', path) };
  if (type === 'urlButton') return { type, displaytext: displaytext(), action: url(raw, 'action', path) };
  if (type === 'callButton') return { type, displaytext: displaytext(), action: phone(raw, 'action', path) };
  return fail(`${path}.type`, `must be ${BUTTON_TYPES} (got ${type === undefined ? 'nothing' : JSON.stringify(type)})`);
}

function checkCard(raw: unknown, path: string): Card {
  if (!isObject(raw)) fail(path, 'must be an object with image_url, title and buttons');
  const card: Card = { image_url: url(raw, 'image_url', path), title: text(raw, 'title', path), buttons: [] };
  const subtitle = optionalText(raw, 'subtitle', path);
  const description = optionalText(raw, 'description', path);
  if (subtitle !== undefined) card.subtitle = subtitle;
  if (description !== undefined) card.description = description;
  const buttons = raw.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0) fail(`${path}.buttons`, 'must be a non-empty array of buttons');
  card.buttons = buttons.map((button, index) => checkButton(button, `${path}.buttons[${index}]`));
  return card;
}

/**
 * The cards as the service takes them: an array of cards, or an object with a `cards` array (a saved request body).
 * Only the seed's fields are kept, so the body sent is exactly sendCarousel's.
 */
export function checkCards(value: unknown): Card[] {
  const list = isObject(value) && Array.isArray(value.cards) ? value.cards : value;
  if (!Array.isArray(list) || list.length === 0) {
    throw new UsageError(
      '--cards must be a non-empty JSON array of cards ({image_url, title, subtitle?, description?, buttons})',
    );
  }
  return list.map((card, index) => checkCard(card, `cards[${index}]`));
}
