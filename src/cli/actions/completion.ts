// completion bash|zsh|fish: prints the script generated from the same command tree the CLI parses with.
import type { Context } from '../context.js';
import type { HandlerInput } from '../define.js';
import { completionScript, type Shell } from '../completion/index.js';

export async function printCompletion(ctx: Context, { args }: HandlerInput): Promise<void> {
  const shell = args[0] as Shell;
  const { buildProgram } = await import('../program.js');
  const script = completionScript(shell, buildProgram(ctx.io, () => undefined));
  if (ctx.out.json) ctx.out.result({ status: 200, shell, script }, () => []);
  else ctx.out.raw(script);
}
