// sendTemplate: an account template with its {{placeholders}} filled from `variables`.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { TEMPLATE_NOT_FOUND, validationError } from '../../rules/service-errors.js';
import { record, type Fields } from '../../rules/fields.js';
import type { Store } from '../../store/db.js';
import { findTemplate } from '../../store/templates.js';
import { fillTemplate } from '../../rules/template.js';
import { accountLabel, authorizeDevice, requireAll } from '../access.js';
import { notA, quoted } from '../../rules/reasons.js';
import { recipient, recordSend, sentReply } from './sending.js';

export function sendTemplate(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const { template_id: templateId } = requireAll(fields, ['template_id']);
  const variables = record(fields, 'variables');
  if (!variables) throw validationError(notA(fields, 'variables', 'an object of placeholder values'));
  const { account, device } = authorizeDevice(store, fields, ctx);
  const template = findTemplate(store, account.id, templateId);
  if (!template)
    throw new EmulatorError(404, TEMPLATE_NOT_FOUND).because(
      `template_id ${quoted(templateId)} is not a template of account ${accountLabel(account)}`,
    );
  const content = {
    template_id: template.id,
    message: fillTemplate(template.texto, variables),
    botoes: template.botoes,
  };
  return sentReply('Template enviado com sucesso.', recordSend(store, ctx, { device, to, kind: 'template', content }));
}
