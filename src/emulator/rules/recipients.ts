// Phone numbers and group ids as the service accepts them: `+5581989769960`, `5581989769960`, `...@g.us`.

const GROUP_ID = /^\d{6,40}(-\d{6,20})?@g\.us$/;
const CONTACT_JID = /^(\d{8,15})@(s\.whatsapp\.net|c\.us)$/;
const PHONE = /^\+?([1-9]\d{7,14})$/;

/** International phone number to digits only (no `+`), or undefined when it is not one. */
export function normalizePhone(raw: string): string | undefined {
  const jid = CONTACT_JID.exec(raw.trim());
  if (jid) return jid[1];
  return PHONE.exec(raw.trim().replace(/[\s().-]/g, ''))?.[1];
}

export function isGroupId(raw: string): boolean {
  return GROUP_ID.test(raw.trim());
}

/** A send target: a group id as given, or a phone number as digits; undefined when it is neither. */
export function normalizeRecipient(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (isGroupId(trimmed)) return trimmed;
  return normalizePhone(trimmed);
}

/** The chat of a device's status posts. */
export const STATUS_CHAT = 'status@broadcast';

/** A chat as the emulator names it: a send target (normalizeRecipient), or status posts; undefined when neither. */
export function normalizeChat(raw: string): string | undefined {
  return raw === STATUS_CHAT ? raw : normalizeRecipient(raw);
}

/**
 * A webhook address: an absolute http(s) URL with nothing blank inside (`http://host/a b` would be posted to
 * `a%20b`, never what was meant), trimmed; undefined otherwise. The CLI checks its flags the same way (src/url.ts
 * `webhookUrl`), and test/unit/webhook-url.test.ts runs both over one table.
 */
export function webhookAddress(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (/\s/.test(trimmed)) return undefined;
  const url = normalizeHttpUrl(trimmed);
  return url !== undefined && new URL(url).hostname !== '' ? url : undefined;
}

/** An absolute http(s) URL, kept as given (trimmed), or undefined. */
export function normalizeHttpUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? raw.trim() : undefined;
  } catch {
    return undefined;
  }
}
