// send template: a template with its variables, or one per row of a file with --batch.
import type { Context } from '../../context.js';
import { refuseBatchFlags } from './batch/options.js';
import type { InputOf } from '../../command.js';
import type { sendTemplateCommand } from './template-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { templateVariables } from './fields.js';
import { recipientOf, requiredTrimmed } from '../../shared/inputs.js';

export async function sendTemplate(ctx: Context, { opts }: InputOf<typeof sendTemplateCommand>): Promise<void> {
  if (opts.batch !== undefined) return (await import('./batch/send-batch.js')).sendBatch(ctx, opts, 'template');
  refuseBatchFlags(opts);
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const templateId = await requiredTrimmed(ctx, opts, 'template', '--template', 'Template ID');
  const variables = templateVariables('--var', opts.var ?? []);
  const body = await (await ctx.api()).sendTemplate(keys, { to, templateId, variables });
  reportDone(ctx, body, `Template ${templateId} sent to ${to}`);
}
