// agent create (createAgent): an AI agent hosted by one of the account's devices.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { createAgentCommand } from './create-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';

/** --device, else the current device's id, else a prompt (or exit 2 naming --device). */
async function hostDevice(ctx: Context, given: string | undefined): Promise<string> {
  if (given !== undefined) return nonEmpty('--device', given).trim();
  const current = (await ctx.settings()).device?.id;
  if (current) return current;
  if (!ctx.prompt.interactive) {
    throw new UsageError(
      'Missing --device — pass the id of the device that hosts the agent (`chatbot devices ls` lists them)',
    );
  }
  return nonEmpty('--device', await ctx.prompt.text('--device', 'Device id (see `chatbot devices ls`)')).trim();
}

export async function createAgent(ctx: Context, { opts }: InputOf<typeof createAgentCommand>): Promise<void> {
  const authkey = await ctx.authkey();
  const device = await hostDevice(ctx, opts.device);
  const name = nonEmpty('--name', opts.name ?? (await ctx.prompt.text('--name', 'Agent name'))).trim();
  const response = await (await ctx.api()).createAgent(authkey, { device, agentName: name });
  reportDone(ctx, response, `Agent "${name}" created on device ${device}, agent_id ${response.agent_id}`);
}
