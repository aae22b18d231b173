// sendReply (real service only): a reply quoting an earlier message (`idMensagem`, `respostaMensagem`).
import type { Ctx } from '../context.js';
import { type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { outgoingEvent } from '../../delivery/payloads.js';
import type { Fields } from '../../rules/fields.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireAll, requireText } from '../access.js';
import { optionalText, recipient, recordSend, sentReply } from './sending.js';
import { quoted as shown } from '../../rules/reasons.js';

export const QUOTED_KINDS = [
  'conversation',
  'extendedTextMessage',
  'imageMessage',
  'videoMessage',
  'documentMessage',
  'pollCreationUpdate',
] as const;

/** `tipo`: who wrote the quoted message — `chat` (the contact) or `me` (the device). */
const AUTHORS = ['chat', 'me'];

export function sendReply(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const text = requireText(fields, 'message');
  const { idMensagem } = requireAll(fields, ['idMensagem']);
  const tipoMensagem = optionalText(fields, 'tipoMensagem')?.trim() ?? 'conversation';
  const tipo = optionalText(fields, 'tipo')?.trim().toLowerCase() ?? 'chat';
  if (!(QUOTED_KINDS as readonly string[]).includes(tipoMensagem))
    throw validationError(`tipoMensagem ${shown(tipoMensagem)} is not one of ${QUOTED_KINDS.join(', ')}`);
  if (!AUTHORS.includes(tipo)) throw validationError(`tipo ${shown(tipo)} is not one of ${AUTHORS.join(', ')}`);
  const quoted = optionalText(fields, 'respostaMensagem');
  const thumbnail = optionalText(fields, 'thumbnail')?.trim();
  const { device } = authorizeDevice(store, fields, ctx);
  const citation = { idMensagem, tipoMensagem, tipo, ...(quoted === undefined ? {} : { respostaMensagem: quoted }) };
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'reply',
    content: { message: text, ...citation, ...(thumbnail === undefined ? {} : { thumbnail }) },
    event: (id, now) =>
      outgoingEvent(device, 'text', to, id, now, {
        mensagem: text,
        idMensagemCitada: idMensagem,
        ...(quoted === undefined ? {} : { mensagemCitada: quoted }),
      }),
  });
  return sentReply('Mensagem enviada com sucesso.', sent);
}
