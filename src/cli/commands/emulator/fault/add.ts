// emulator fault add: a rule that makes matching service requests fail on purpose.
import { UsageError } from '../../../../errors.js';
import type { InputOf } from '../../../command.js';
import type { faultAddCommand } from './add-command.js';
import type { Context } from '../../../context.js';
import { nonEmpty, phoneNumber } from '../../../shared/validate.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';
import { describeFault } from './describe.js';

type FaultOptions = InputOf<typeof faultAddCommand>['opts'];

/** The rule's body for the control API; refuses a rule that does nothing, or flags that contradict each other. */
export function faultRule(opts: FaultOptions): Record<string, unknown> {
  const answers = opts.error !== undefined || opts.status !== undefined;
  if (!answers && !opts.drop && opts.delay === undefined) {
    throw new UsageError('A fault needs an action: --error NAME, --status CODE, --delay DURATION or --drop');
  }
  if (opts.drop && answers) throw new UsageError('--drop answers nothing, so it cannot go with --error or --status');
  if (opts.http200 && !answers)
    throw new UsageError('--http200 needs --error or --status (the error the body carries)');
  if (opts.error !== undefined && opts.status !== undefined) throw new UsageError('Give --error or --status, not both');
  const rule: Record<string, unknown> = {};
  if (opts.path !== undefined) rule.path = nonEmpty('--path', opts.path);
  if (opts.operation !== undefined) rule.operation = nonEmpty('--operation', opts.operation);
  if (opts.device !== undefined) rule.appkey = nonEmpty('--device', opts.device);
  if (opts.to !== undefined) rule.to = phoneNumber('--to', opts.to);
  if (opts.error !== undefined) rule.error = opts.error;
  if (opts.status !== undefined) rule.status = opts.status;
  if (opts.message !== undefined) rule.message = nonEmpty('--message', opts.message);
  if (opts.http200) rule.http200 = true;
  if (opts.delay !== undefined) rule.delayMs = opts.delay;
  if (opts.drop) rule.drop = true;
  if (opts.times !== undefined) rule.times = opts.times;
  return rule;
}

export async function faultAdd(ctx: Context, { opts }: InputOf<typeof faultAddCommand>): Promise<void> {
  const rule = faultRule(opts);
  const body = await (await emulatorControl(ctx)).addFault(rule);
  ctx.out.result(body, () => `${checkMark(ctx)} ${describeFault(body.falha, (key) => ctx.run.secrets.mask(key))}`);
}
