// completion bash|zsh|fish: prints the script generated from the same command tree the CLI parses with.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { completionCommand } from './completion-command.js';
import { completionScript, type Shell } from './scripts/index.js';

export async function printCompletion(ctx: Context, { args }: InputOf<typeof completionCommand>): Promise<void> {
  const shell: Shell = args[0];
  const script = completionScript(shell, await ctx.cli.program(ctx.io));
  if (ctx.out.json) ctx.out.result({ status: 200, shell, script }, () => []);
  else ctx.out.raw(script);
}
