// config get: one setting, masked unless --reveal.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { configGetCommand } from './get-command.js';
import { keySpec, shown, settingOf } from './keys.js';

export async function configGet(ctx: Context, { args, opts }: InputOf<typeof configGetCommand>): Promise<void> {
  const spec = keySpec(args[0]);
  const setting = settingOf(await ctx.settings(), spec);
  if (!setting) throw new UsageError(`${args[0]} is not set — set it with \`chatbot config set ${args[0]} VALUE\``);
  const value = shown(ctx, spec, setting.value, opts.reveal === true);
  ctx.out.result({ status: 200, key: args[0], value, source: setting.source }, () => value, {
    reveal: opts.reveal === true,
  });
}
