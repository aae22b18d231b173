// emulator fault ls: the fault rules and their hits.
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { describeFault } from './describe.js';

export async function faultList(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).faults();
  const rules = body.falhas ?? [];
  ctx.out.result(body, () =>
    rules.length === 0
      ? 'No fault rules.'
      : rules.map((rule) => describeFault(rule, (key) => ctx.run.secrets.mask(key))),
  );
}
