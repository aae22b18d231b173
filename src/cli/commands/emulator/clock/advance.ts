// emulator clock advance: moves the emulator's clock forward.
import { UsageError } from '../../../../errors.js';
import type { InputOf } from '../../../command.js';
import type { clockAdvanceCommand } from './advance-command.js';
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';

const DURATION = /^\d+(ms|s|m|h|d)?$/;

export async function clockAdvance(ctx: Context, { args }: InputOf<typeof clockAdvanceCommand>): Promise<void> {
  const by = args[0].trim();
  if (!DURATION.test(by)) throw new UsageError(`<duration> must be like 500ms, 90s, 15m, 2h or 1d (got "${args[0]}")`);
  const body = await (await emulatorControl(ctx)).advanceClock(by);
  ctx.out.result(body, () => `${checkMark(ctx)} Emulator time is now ${body.agora}`);
}
