// One line for a fault rule: what it matches, what it does, how often.
import type { FaultRuleView } from '../../../../api/emulator-control.js';
import { maskSecret } from '../../../../secrets.js';

/** One line for a rule: what it matches, what it does, how often. */
export function describeFault(rule: FaultRuleView, mask: (key: string) => string = maskSecret): string {
  const { match } = rule;
  const matched =
    [
      match.path && `path ${match.path}`,
      match.operation && `operation ${match.operation}`,
      match.appkey && `device ${mask(match.appkey)}`,
      match.to && `to +${match.to}`,
    ]
      .filter(Boolean)
      .join(', ') || 'every service request';
  const acts = [
    rule.delayMs !== undefined && `wait ${rule.delayMs} ms`,
    rule.drop && 'drop the connection',
    rule.status !== undefined && `answer ${rule.status} "${rule.message ?? ''}"${rule.http200 ? ' with HTTP 200' : ''}`,
  ]
    .filter(Boolean)
    .join(', then ');
  const times = rule.remaining === undefined ? '' : ` (${rule.remaining} more)`;
  return `${rule.id}: ${matched} → ${acts}${times}; hit ${rule.hits}×`;
}
