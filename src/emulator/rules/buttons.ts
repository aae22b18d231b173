// Buttons of sendCarousel's cards and sendButtons' messages, validated and stored with the id a click refers to.
import { asText, decodeJsonText, isRecord, own } from './fields.js';
import { normalizeHttpUrl, normalizePhone } from './recipients.js';
import { quoted, textProblem } from './reasons.js';

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

/** The button, or what is wrong with it (`path` names it: `buttons[0]`). */
function checkButton(raw: unknown, family: ButtonFamily, position: number, path: string): StoredButton | string {
  const button = decodeJsonText(raw);
  if (!isRecord(button)) return `${path} must be an object, got ${quoted(button)}`;
  const type = field(button, 'type');
  const displaytext = field(button, 'displaytext');
  const action = field(button, 'action');
  if (!type) return `${path}.type is missing`;
  if (!displaytext) return textProblem(own(button, 'displaytext'), `${path}.displaytext`);
  if (type === REPLY_TYPE[family]) {
    const id = field(button, 'id') ?? (family === 'buttons' ? String(position) : undefined);
    return id ? { type, displaytext, id } : `${path}.id is missing (a ${type} needs one)`;
  }
  if (type === 'urlButton')
    return action && normalizeHttpUrl(action)
      ? { type, displaytext, action }
      : `${path}.action ${action ? `${quoted(action)} is not an http(s) URL` : 'is missing (a urlButton needs a URL)'}`;
  if (type === 'callButton')
    return action && normalizePhone(action)
      ? { type, displaytext, action }
      : `${path}.action ${action ? `${quoted(action)} is not a phone number` : 'is missing (a callButton needs a number)'}`;
  const types = [REPLY_TYPE[family], 'urlButton', 'callButton'].join(', ');
  return `${path}.type ${quoted(type)} is not one of ${types}`;
}

/** All buttons valid, 1 to MAX_BUTTONS of them, or what is wrong (→ 401 validation.required), by path. */
export function checkButtons(raw: unknown, family: ButtonFamily, path = 'buttons'): StoredButton[] | string {
  const list = decodeJsonText(raw);
  if (!Array.isArray(list))
    return raw === undefined ? `${path} is missing` : `${path} must be a list, got ${quoted(list)}`;
  if (list.length === 0) return `${path} is empty`;
  if (list.length > MAX_BUTTONS) return `${path} has ${list.length} buttons; the limit is ${MAX_BUTTONS}`;
  const buttons: StoredButton[] = [];
  for (const [index, item] of list.entries()) {
    const button = checkButton(item, family, index + 1, `${path}[${index}]`);
    if (typeof button === 'string') return button;
    buttons.push(button);
  }
  return buttons;
}

/** All buttons valid, 1 to MAX_BUTTONS of them, or undefined (→ 401 validation.required). */
export function readButtons(raw: unknown, family: ButtonFamily): StoredButton[] | undefined {
  const buttons = checkButtons(raw, family);
  return typeof buttons === 'string' ? undefined : buttons;
}
