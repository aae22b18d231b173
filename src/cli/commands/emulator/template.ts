// emulator template: creates a message template for the account.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorTemplateCommand } from './template-command.js';
import { nonEmpty } from '../../shared/validate.js';
import { emulatorControl } from './control-client.js';
import { checkMark } from './check-mark.js';

export async function emulatorTemplate(ctx: Context, { opts }: InputOf<typeof emulatorTemplateCommand>): Promise<void> {
  const text = nonEmpty('--text', opts.text);
  const authkey = await ctx.authkey();
  const body = await (await emulatorControl(ctx)).createTemplate({ authkey, texto: text });
  ctx.out.result(body, () => `${checkMark(ctx)} Template created: ${body.template_id}`);
}
