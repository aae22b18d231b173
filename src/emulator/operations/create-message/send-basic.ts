// sendText, postStory (a status post), sendLocation, sendReaction.
import type { Ctx } from '../context.js';
import { mapUrl } from '../../rules/coordinates.js';
import { isReactionValue } from '../../rules/emoji.js';
import { type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { outgoingEvent } from '../../delivery/payloads.js';
import type { Fields } from '../../rules/fields.js';
import { notA } from '../../rules/reasons.js';
import { normalizeHttpUrl, STATUS_CHAT } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireAll, requireFlag, requireText } from '../access.js';
import { coordinatesOrThrow, optionalText, recipient, recordSend, sentReply } from './sending.js';

export function sendText(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const text = requireText(fields, 'message');
  const { device } = authorizeDevice(store, fields, ctx);
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'text',
    content: { message: text },
    event: (id, now) => outgoingEvent(device, 'text', to, id, now, { mensagem: text }),
  });
  return sentReply('Mensagem enviada com sucesso.', sent);
}

const VIDEO_SUFFIXES = new Set(['mp4', 'mov', 'avi', 'mkv', 'webm', '3gp', 'm4v', 'wmv', 'mpeg', 'mpg']);
const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `.mp4`, `.mov` and similar mean video; any other file is an image; no file means a text status. */
export function storyMediaType(file: string | undefined): 'text' | 'image' | 'video' {
  if (!file) return 'text';
  const path = new URL(file).pathname.toLowerCase();
  const suffix = path.slice(path.lastIndexOf('.') + 1);
  return VIDEO_SUFFIXES.has(suffix) ? 'video' : 'image';
}

export function postStory(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'story', true);
  const message = optionalText(fields, 'message');
  const file = optionalText(fields, 'file')?.trim();
  const backgroundColor = optionalText(fields, 'backgroundColor')?.trim();
  if (file !== undefined && !normalizeHttpUrl(file)) throw validationError(notA(fields, 'file', 'an http(s) URL'));
  if (backgroundColor !== undefined && !HEX_COLOUR.test(backgroundColor))
    throw validationError(notA(fields, 'backgroundColor', 'a hex colour'));
  if (!file && !message?.trim()) throw validationError('a status needs message or file');
  const { device } = authorizeDevice(store, fields, ctx);
  const content: Record<string, unknown> = { mediaType: storyMediaType(file) };
  if (message !== undefined) content.message = message;
  if (file !== undefined) content.file = file;
  if (backgroundColor !== undefined) content.backgroundColor = backgroundColor;
  const sent = recordSend(store, ctx, { device, to: STATUS_CHAT, kind: 'story', content });
  return { status: 200, message: 'Status publicado com sucesso.', data: { id: sent.idMensagem } };
}

export function sendLocation(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const { latitude, longitude } = coordinatesOrThrow(fields);
  const message = optionalText(fields, 'message');
  const { device } = authorizeDevice(store, fields, ctx);
  const mapa = mapUrl(latitude, longitude);
  const place = { latitude, longitude, mapa, ...(message === undefined ? {} : { mensagem: message }) };
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'location',
    content: { latitude, longitude, mapa, ...(message === undefined ? {} : { message }) },
    event: (id, now) => outgoingEvent(device, 'location', to, id, now, place),
  });
  return sentReply('Localização enviada com sucesso.', sent);
}

export function sendReaction(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'reactionMessage', true);
  const to = recipient(fields);
  const { message, id: target } = requireAll(fields, ['message', 'id']);
  if (!isReactionValue(message)) throw validationError(notA(fields, 'message', 'one emoji or "remove"'));
  const { device } = authorizeDevice(store, fields, ctx);
  const removed = message === 'remove';
  const reaction = { emoji: removed ? '' : message, removida: removed, idMensagemOriginal: target };
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'reaction',
    content: { message, id: target },
    event: (id, now) => outgoingEvent(device, 'reaction', to, id, now, reaction),
  });
  return sentReply(removed ? 'Reação removida com sucesso.' : 'Reação enviada com sucesso.', sent);
}
