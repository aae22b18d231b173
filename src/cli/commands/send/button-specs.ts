// `--button TYPE:TEXT[:ACTION]` of `send buttons` (sendButtons) into the service's button objects.
import type { MessageButton } from '../../../api/types.js';
import { UsageError } from '../../../errors.js';
import { httpUrl, phoneNumber } from '../../shared/validate.js';

const FLAG = '--button';

const TYPES: Record<string, MessageButton['type']> = {
  reply: 'replyButton',
  replybutton: 'replyButton',
  url: 'urlButton',
  urlbutton: 'urlButton',
  call: 'callButton',
  callbutton: 'callButton',
};

function fail(rule: string, value: string): never {
  throw new UsageError(`${FLAG} ${rule} (got "${value}")`);
}

function textOf(text: string, value: string): string {
  const trimmed = text.trim();
  if (trimmed === '') fail('needs a TEXT to show on the button, e.g. reply:Sim', value);
  return trimmed;
}

/** Splits at the first two colons: an ACTION (a URL) may contain colons; a reply's TEXT is everything after `reply:`. */
export function parseButton(value: string): MessageButton {
  const first = value.indexOf(':');
  const type = first < 0 ? undefined : TYPES[value.slice(0, first).trim().toLowerCase()];
  if (!type)
    fail(
      'must be TYPE:TEXT[:ACTION] with TYPE reply, url or call, e.g. reply:Sim or url:Site:https://example.com',
      value,
    );
  const rest = value.slice(first + 1);
  if (type === 'replyButton') return { type, displaytext: textOf(rest, value) };
  const second = rest.indexOf(':');
  if (second < 0) {
    const needs = type === 'urlButton' ? 'url:TEXT:URL needs the URL' : 'call:TEXT:PHONE needs the phone number';
    fail(`${needs} after the text`, value);
  }
  const displaytext = textOf(rest.slice(0, second), value);
  const action = rest.slice(second + 1).trim();
  if (type === 'urlButton') return { type, displaytext, action: buttonUrl(action, value) };
  return { type, displaytext, action: buttonPhone(action, value) };
}

function buttonUrl(action: string, value: string): string {
  try {
    return httpUrl(FLAG, action);
  } catch {
    return fail('url buttons need an http(s) URL as ACTION, e.g. url:Site:https://example.com', value);
  }
}

/** Call buttons carry the number in E.164 with its `+`, the form a dialer reads unambiguously. */
function buttonPhone(action: string, value: string): string {
  try {
    return `+${phoneNumber(FLAG, action)}`;
  } catch {
    return fail(
      'call buttons need a phone number in international format as ACTION, e.g. call:Ligar:+5581989769960',
      value,
    );
  }
}

/** Every `--button`, in order; at least one. */
export function parseButtons(values: string[]): MessageButton[] {
  if (values.length === 0) throw new UsageError(`Missing ${FLAG} — give it once per button, e.g. ${FLAG} reply:Sim`);
  return values.map(parseButton);
}
