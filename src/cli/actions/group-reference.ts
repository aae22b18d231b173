// What `group info` accepts: a group id, an invite link, or the code at the end of an invite link.
import { UsageError } from '../../errors.js';
import { isGroupId } from '../validate.js';

export const INVITE_PREFIX = 'https://chat.whatsapp.com/';

const INVITE_LINK = /^(?:https?:\/\/)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{10,40})\/?(?:[?#].*)?$/i;
const INVITE_CODE = /^[A-Za-z0-9]{10,40}$/;

/** A group id as given, or an invite (link or bare code) as the full link `https://chat.whatsapp.com/CODE`. */
export function groupOrInvite(name: string, value: string): string {
  const trimmed = value.trim();
  if (isGroupId(trimmed)) return trimmed;
  const code = INVITE_LINK.exec(trimmed)?.[1] ?? (INVITE_CODE.test(trimmed) ? trimmed : undefined);
  if (code) return `${INVITE_PREFIX}${code}`;
  throw new UsageError(
    `${name} must be a group id (e.g. 120363012345678901@g.us), an invite link (${INVITE_PREFIX}CODE) or its code (got "${value}")`,
  );
}

/** A group id (`…@g.us`). */
export function groupId(name: string, value: string): string {
  if (!isGroupId(value)) throw new UsageError(`${name} must be a group id such as 120363012345678901@g.us (got "${value}")`);
  return value.trim();
}
