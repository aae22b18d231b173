// emulator clock advance: moves the emulator's clock forward.
import { UsageError } from '../../../../errors.js';
import { durationProblem, parseDuration } from '../../../../duration.js';
import type { InputOf } from '../../../command.js';
import type { clockAdvanceCommand } from './advance-command.js';
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';

export async function clockAdvance(ctx: Context, { args }: InputOf<typeof clockAdvanceCommand>): Promise<void> {
  const ms = parseDuration(args[0], 'ms');
  if (ms === undefined) throw new UsageError(`<duration>: ${durationProblem(args[0], 'ms')}`);
  // Milliseconds as bare digits: what every emulator's clock route reads, this grammar's or an older one's.
  const body = await (await emulatorControl(ctx)).advanceClock({ by: String(ms) });
  ctx.out.result(body, () => `${checkMark(ctx)} Emulator time is now ${body.agora}`);
}
