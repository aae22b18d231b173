// What `group info` accepts: a group id, an invite link (any http(s) URL), or a bare invite code.
import { UsageError } from '../../../errors.js';
import { isGroupId } from '../../shared/validate.js';
import { isHttpUrl } from '../../../url.js';

/** The only invite link form we know; a bare code is sent inside it. */
export const INVITE_PREFIX = 'https://chat.whatsapp.com/';

const INVITE_CODE = /^[A-Za-z0-9]{10,40}$/;
// A link typed without its scheme, e.g. chat.whatsapp.com/CODE: a host name with a dot, then a path.
const SCHEMELESS_LINK = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\/\S+$/;

/** A group id or an http(s) invite link as given; a link without scheme gets https://; a bare code the known link. */
export function groupOrInvite(name: string, value: string): string {
  const trimmed = value.trim();
  // Before the group id: a link may hold an @ (user@host) and would pass for one.
  if (isHttpUrl(trimmed)) return trimmed;
  if (isGroupId(trimmed)) return trimmed;
  if (SCHEMELESS_LINK.test(trimmed)) return `https://${trimmed}`;
  if (INVITE_CODE.test(trimmed)) return `${INVITE_PREFIX}${trimmed}`;
  throw new UsageError(
    `${name} must be a group id (e.g. 120363012345678901@g.us), an invite link (an http(s) URL) or a bare invite code (got "${value}")`,
  );
}

/** A group id (`local@domain`, e.g. `120363…@g.us`). */
export function groupId(name: string, value: string): string {
  if (!isGroupId(value))
    throw new UsageError(`${name} must be a group id such as 120363012345678901@g.us (got "${value}")`);
  return value.trim();
}
