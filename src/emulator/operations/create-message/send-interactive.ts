// sendCarousel, sendButtons, sendPoll: messages a contact answers by clicking or voting (see control/inbound).
import type { Ctx } from '../context.js';
import { checkButtons } from '../../rules/buttons.js';
import { checkCards } from '../../rules/cards.js';
import { quoted } from '../../rules/reasons.js';
import { type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { has, flag, list, own, type Fields } from '../../rules/fields.js';
import { validatePollOptions } from '../../rules/poll.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireText } from '../access.js';
import { assertConnected, optionalText, recipient, recordSend, sentReply } from './sending.js';

export function sendCarousel(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const message = requireText(fields, 'message');
  const footer = optionalText(fields, 'footer_text');
  const cards = checkCards(own(fields, 'cards'));
  if (typeof cards === 'string') throw validationError(cards);
  const { device } = authorizeDevice(store, fields, ctx);
  const content = { message, cards, ...(footer === undefined ? {} : { footer_text: footer }) };
  return sentReply('Carrossel enviado com sucesso.', recordSend(store, ctx, { device, to, kind: 'carousel', content }));
}

export function sendButtons(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const message = requireText(fields, 'message');
  const header = optionalText(fields, 'header_title');
  const footer = optionalText(fields, 'footer_text');
  const buttons = checkButtons(own(fields, 'buttons'), 'buttons');
  if (typeof buttons === 'string') throw validationError(buttons);
  const { device } = authorizeDevice(store, fields, ctx);
  const content = {
    message,
    buttons,
    ...(header === undefined ? {} : { header_title: header }),
    ...(footer === undefined ? {} : { footer_text: footer }),
  };
  return sentReply('Botões enviados com sucesso.', recordSend(store, ctx, { device, to, kind: 'buttons', content }));
}

/** The options (JSON array, JSON text, `opcoes[]=`); 401 unless a list of strings. */
function pollOptions(fields: Fields): string[] {
  const options = list(fields, 'opcoes');
  if (!options) throw validationError(`opcoes must be a list, got ${quoted(own(fields, 'opcoes'))}`);
  const bad = options.findIndex((option) => typeof option !== 'string');
  if (bad !== -1) throw validationError(`opcoes[${bad}] must be text, got ${quoted(options[bad])}`);
  return options as string[];
}

function multipleChoice(fields: Fields): boolean {
  if (!has(fields, 'multiplaEscolha')) return false;
  const value = flag(fields, 'multiplaEscolha');
  if (value === undefined)
    throw validationError(`multiplaEscolha must be true or false, got ${quoted(own(fields, 'multiplaEscolha'))}`);
  return value;
}

/** Order: fields (401) → keys (401/404) → poll rules (403) → connected device (404). */
export function sendPoll(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const question = requireText(fields, 'message');
  const raw = pollOptions(fields);
  const multiplaEscolha = multipleChoice(fields);
  const { device } = authorizeDevice(store, fields, ctx);
  const opcoes = validatePollOptions(raw);
  assertConnected(store, ctx, device);
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'poll',
    content: { message: question, opcoes, multiplaEscolha },
  });
  return sentReply('Enquete enviada com sucesso.', sent);
}
