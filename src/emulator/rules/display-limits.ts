// Limits of the messaging app the service lets through: a message that breaks one is accepted (as the service
// accepts it), but the contact's phone would cut it or not show it as sent. The console shows each as a warning
// naming its rule (docs/console.md lists them).
import { isRecord } from './fields.js';

export interface DisplayWarning {
  regra: string;
  texto: string;
}

export const TEXT_LIMIT = 4096;
export const REPLY_BUTTONS_SHOWN = 3;
export const BUTTON_TEXT_LIMIT = 20;
export const URL_BUTTONS_LIMIT = 2;
export const CALL_BUTTONS_LIMIT = 1;
export const HEADER_LIMIT = 60;
export const FOOTER_LIMIT = 60;
export const CARD_TEXT_LIMIT = 160;
export const MIN_CARDS = 2;
export const POLL_QUESTION_LIMIT = 255;
export const POLL_OPTION_LIMIT = 100;

interface Button {
  type?: unknown;
  displaytext?: unknown;
  texto?: unknown;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Characters as a person counts them (an emoji with a skin tone is one). */
function length(value: unknown): number {
  if (typeof value !== 'string') return 0;
  let count = 0;
  for (const _ of graphemes.segment(value)) count += 1;
  return count;
}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function textLength(field: string, value: unknown): DisplayWarning[] {
  const n = length(value);
  return n > TEXT_LIMIT
    ? [{ regra: 'text-length', texto: `${field} has ${n} characters; the app shows ${TEXT_LIMIT} at most.` }]
    : [];
}

function fieldLength(regra: string, field: string, value: unknown, limit: number): DisplayWarning[] {
  const n = length(value);
  return n > limit ? [{ regra, texto: `${field} has ${n} characters; the app cuts it after ${limit}.` }] : [];
}

function buttonWarnings(buttons: Button[]): DisplayWarning[] {
  const warnings: DisplayWarning[] = [];
  const count = (type: string) => buttons.filter((b) => b.type === type).length;
  const replies = buttons.filter(
    (b) => b.type === undefined || (typeof b.type === 'string' && /reply/i.test(b.type)),
  ).length;
  if (replies > REPLY_BUTTONS_SHOWN) {
    const texto = `${replies} reply buttons; the app shows ${REPLY_BUTTONS_SHOWN} and puts the rest behind "See all options".`;
    warnings.push({ regra: 'reply-buttons-shown', texto });
  }
  if (count('urlButton') > URL_BUTTONS_LIMIT)
    warnings.push({
      regra: 'url-buttons',
      texto: `${count('urlButton')} URL buttons; the app allows ${URL_BUTTONS_LIMIT}.`,
    });
  if (count('callButton') > CALL_BUTTONS_LIMIT)
    warnings.push({
      regra: 'call-buttons',
      texto: `${count('callButton')} call buttons; the app allows ${CALL_BUTTONS_LIMIT}.`,
    });
  for (const button of buttons) {
    const text = button.displaytext ?? button.texto;
    warnings.push(...fieldLength('button-text-length', `Button "${String(text)}"`, text, BUTTON_TEXT_LIMIT));
  }
  return warnings;
}

function carouselWarnings(cards: Record<string, unknown>[]): DisplayWarning[] {
  const warnings: DisplayWarning[] = [];
  if (cards.length < MIN_CARDS)
    warnings.push({
      regra: 'carousel-cards',
      texto: `A carousel needs ${MIN_CARDS} cards at least; this one has ${cards.length}.`,
    });
  const counts = cards.map((card) => list(card.buttons).length);
  if (new Set(counts).size > 1)
    warnings.push({
      regra: 'carousel-same-buttons',
      texto: `Every card must have the same number of buttons; these have ${counts.join(', ')}.`,
    });
  cards.forEach((card, i) => {
    if (card.image_url === undefined)
      warnings.push({ regra: 'carousel-card-image', texto: `Card ${i + 1} has no image; every card needs one.` });
    warnings.push(...fieldLength('carousel-card-text', `Card ${i + 1}'s text`, card.description, CARD_TEXT_LIMIT));
    warnings.push(...buttonWarnings(list(card.buttons).filter(isRecord)));
  });
  return warnings;
}

function pollWarnings(content: Record<string, unknown>): DisplayWarning[] {
  return [
    ...fieldLength('poll-question-length', 'The question', content.message, POLL_QUESTION_LIMIT),
    ...list(content.opcoes).flatMap((option) =>
      fieldLength('poll-option-length', `Option "${String(option)}"`, option, POLL_OPTION_LIMIT),
    ),
  ];
}

/** The app's limits a sent message breaks, by its outbox kind and content. */
export function displayWarnings(kind: string, content: Record<string, unknown>): DisplayWarning[] {
  const common = [
    ...textLength(kind === 'media' ? 'The caption' : 'The text', kind === 'media' ? content.caption : content.message),
    ...fieldLength('header-length', 'The header', content.header_title, HEADER_LIMIT),
    ...fieldLength('footer-length', 'The footer', content.footer_text, FOOTER_LIMIT),
  ];
  if (kind === 'buttons') return [...common, ...buttonWarnings(list(content.buttons).filter(isRecord))];
  if (kind === 'template') return [...common, ...buttonWarnings(list(content.botoes).filter(isRecord))];
  if (kind === 'carousel') return [...common, ...carouselWarnings(list(content.cards).filter(isRecord))];
  if (kind === 'poll') return [...common.filter((w) => w.regra !== 'text-length'), ...pollWarnings(content)];
  return common;
}
