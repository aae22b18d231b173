// agent get: one AI agent's settings, or the account's agents.
import type { InputOf } from '../../command.js';
import type { getAgentCommand } from './get-command.js';
import type { Context } from '../../context.js';

function agentLines(agent: Record<string, unknown>): string[] {
  return Object.entries(agent).map(
    ([key, value]) => `${key.padEnd(15)} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
}

export async function getAgent(ctx: Context, { args }: InputOf<typeof getAgentCommand>): Promise<void> {
  const id = args[0]?.trim() || undefined;
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).getAgents(authkey, id);
  const { data } = body;
  ctx.out.result(body, () => {
    if (!Array.isArray(data)) return agentLines(data);
    return data.length === 0
      ? ['No agents — create one with `chatbot agent create`']
      : data.map((a) => `${String(a.id)}  ${String(a.agent_name)}  (device ${String(a.device_id)})`);
  });
}
