// Buttons of sendCarousel's cards and sendButtons' messages, validated and stored with the id a click refers to.
import { asText, decodeJsonText, isRecord, own } from './fields.js';
import { normalizeHttpUrl, normalizePhone } from './recipients.js';

export interface StoredButton {
  type: string;
  displaytext: string;
  /** Reply buttons only: what a click reports as `opcao.id`. */
  id?: string;
  action?: string;
}

export type ButtonFamily = 'carousel' | 'buttons';

export const MAX_BUTTONS = 10;

/** The reply type of each family: `quickReplyButton` needs an id; sendButtons' `replyButton` gets its position as id. */
const REPLY_TYPE: Record<ButtonFamily, string> = { carousel: 'quickReplyButton', buttons: 'replyButton' };

function field(button: Record<string, unknown>, key: string): string | undefined {
  const value = asText(own(button, key))?.trim();
  return value ? value : undefined;
}

function readButton(raw: unknown, family: ButtonFamily, position: number): StoredButton | undefined {
  const button = decodeJsonText(raw);
  if (!isRecord(button)) return undefined;
  const type = field(button, 'type');
  const displaytext = field(button, 'displaytext');
  const action = field(button, 'action');
  if (!type || !displaytext) return undefined;
  if (type === REPLY_TYPE[family]) {
    const id = field(button, 'id') ?? (family === 'buttons' ? String(position) : undefined);
    return id ? { type, displaytext, id } : undefined;
  }
  if (type === 'urlButton') return action && normalizeHttpUrl(action) ? { type, displaytext, action } : undefined;
  if (type === 'callButton') return action && normalizePhone(action) ? { type, displaytext, action } : undefined;
  return undefined;
}

/** All buttons valid, 1 to MAX_BUTTONS of them, or undefined (→ 401 validation.required). */
export function readButtons(raw: unknown, family: ButtonFamily): StoredButton[] | undefined {
  const list = decodeJsonText(raw);
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BUTTONS) return undefined;
  const buttons = list.map((item, index) => readButton(item, family, index + 1));
  return buttons.every((b): b is StoredButton => b !== undefined) ? buttons : undefined;
}
