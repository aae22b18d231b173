// Runs the fault that hits a service request, if any: a rule set through the control API, else a magic recipient.
import { setTimeout as sleep } from 'node:timers/promises';
import { DroppedConnection, HTTP_STATUS, type Reply } from '../../http/reply.js';
import { decodeJsonText, own, type Fields } from '../../rules/fields.js';
import { normalizeRecipient } from '../../rules/recipients.js';
import { magicFault } from './magic.js';
import type { FaultAction, FaultHit, FaultRules, FaultTarget } from './rules.js';
import type { FaultRule } from '../../control/types.js';

/** Every recipient the request names in `to` (one, or scheduleMessage's list), as digits or group ids. */
export function requestRecipients(fields: Fields): string[] {
  const raw = decodeJsonText(own(fields, 'to'));
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  return items.flatMap((item) => {
    const to = typeof item === 'string' ? normalizeRecipient(item) : undefined;
    return to === undefined ? [] : [to];
  });
}

export function faultTarget(path: string, operation: string | undefined, fields: Fields): FaultTarget {
  const appkey = own(fields, 'appkey');
  return {
    path,
    operation,
    appkey: typeof appkey === 'string' ? appkey.trim() : undefined,
    recipients: requestRecipients(fields),
  };
}

/** The fault for this request: the first matching rule (counted as hit), else the first magic recipient. */
export function findFault(rules: FaultRules, target: FaultTarget): FaultHit | undefined {
  const rule = rules.take(target);
  return rule ? { source: rule.id, action: rule } : magicFault(target.recipients);
}

/** What the fault does, as a reason names it: `429`, `500 as HTTP 200`, `drop`. */
function outcomeOf(action: FaultAction): string {
  if (action.drop) return 'drop the connection';
  return action.http200 ? `${action.status} as HTTP 200` : String(action.status);
}

/** `fault rule flt_2 (sendText → 429, 2 left)` or `magic recipient 5500000000429 (→ 429)`. */
export function faultReason(hit: FaultHit, target: FaultTarget): string {
  const action = hit.action;
  if (hit.source.startsWith('magic:')) return `magic recipient ${hit.source.slice(6)} (→ ${outcomeOf(action)})`;
  const rule = action as Partial<FaultRule>;
  const what = rule.match?.operation ?? rule.match?.path ?? target.operation ?? target.path;
  const left = rule.remaining === undefined ? '' : `, ${rule.remaining} left`;
  return `fault rule ${hit.source} (${what} → ${outcomeOf(action)}${left})`;
}

/**
 * Waits, then drops the connection, answers the fault's error, or returns undefined to let the operation run.
 * `reason` explains the answer (or the drop) in the request log.
 */
export async function runFault(action: FaultAction, reason = ''): Promise<Reply | undefined> {
  // Unref'd: a long delay must not keep a closing process (the user's test run) alive.
  if (action.delayMs) await sleep(action.delayMs, undefined, { ref: false });
  if (action.drop) throw new DroppedConnection(reason);
  if (action.status === undefined) return undefined;
  const reply: Reply = { status: action.status, message: action.message };
  if (action.http200) reply[HTTP_STATUS] = 200;
  return reply;
}
