// POST /__emulator/inbound: a contact writes, sends a file, clicks, votes, reacts or shares a location; the device's
// webhook hears it.
import type { Ctx } from '../operations/context.js';
import { mapUrl, parseCoordinate } from '../rules/coordinates.js';
import { isReactionValue } from '../rules/emoji.js';
import { EmulatorError } from '../http/reply.js';
import { enqueueEvent } from '../delivery/enqueue.js';
import { incomingEvent, type EventKind, type IncomingOrigin } from '../delivery/payloads.js';
import { asText, list, optional, own, required, type Fields } from '../rules/fields.js';
import { newMessageId } from '../rules/ids.js';
import { isGroupId, normalizeHttpUrl, normalizePhone } from '../rules/recipients.js';
import { mediaKind } from '../operations/create-message/send-media.js';
import type { Store } from '../store/db.js';
import type { DeviceRow } from '../store/devices.js';
import { findMessage, messageContent, type MessageRow } from '../store/messages.js';
import { clickableChoices, resolveClick, resolveVote, type PollContent } from './answers.js';
import { clickedMessage } from './clicked.js';
import { controlDevice, controlField, invalidControlField } from './fields.js';
import type { InboundAnswer } from './types.js';

/** An event's own fields; `chat` is where the contact acts (their number, or the group). */
type Builder = (store: Store, device: DeviceRow, fields: Fields, chat: string) => Record<string, unknown>;

function answeredMessage(store: Store, device: DeviceRow, fields: Fields): MessageRow {
  const message = findMessage(store, device.id, controlField(fields, 'idMensagem'));
  if (!message) throw new EmulatorError(404, 'Mensagem não encontrada.');
  return message;
}

/** The text of a message the device sent or received, for a reply quoting it; 404 when there is none. */
function quotedText(store: Store, device: DeviceRow, id: string): string {
  const sent = findMessage(store, device.id, id);
  if (sent) return asText(messageContent(sent).message) ?? '';
  const received = store.sql('SELECT payload FROM inbox WHERE device_id = ? AND id = ?').get(device.id, id) as
    { payload: string } | undefined;
  if (!received) throw new EmulatorError(404, 'Mensagem não encontrada.');
  return asText((JSON.parse(received.payload) as Record<string, unknown>).mensagem) ?? '';
}

/** A media message: `url` (http or https), optional `nomeArquivo`, `tipoMidia` and `mensagem` (the caption). */
function mediaFields(fields: Fields): Record<string, unknown> {
  const url = normalizeHttpUrl(controlField(fields, 'url'));
  if (!url) throw invalidControlField('url');
  const named = optional(fields, 'nomeArquivo', () => invalidControlField('nomeArquivo'))?.trim();
  const nomeArquivo = named ?? fileNameOf(url);
  const tipo = optional(fields, 'tipoMidia', () => invalidControlField('tipoMidia'))?.trim();
  if (tipo !== undefined && !MEDIA_TYPES.includes(tipo)) throw invalidControlField('tipoMidia');
  const tipoMidia = tipo ?? mediaKind(undefined, nomeArquivo, url);
  return { mensagem: required(fields, 'mensagem') ?? '', tipoMidia, nomeArquivo, url };
}

const MEDIA_TYPES: readonly string[] = ['image', 'video', 'audio', 'document'];

function fileNameOf(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment) || 'arquivo';
  } catch {
    return segment;
  }
}

const BUILDERS: Readonly<Record<Exclude<EventKind, 'agendamento'>, Builder>> = {
  text: (store, device, fields) => {
    const mensagem = required(fields, 'mensagem') ?? required(fields, 'message') ?? required(fields, 'texto');
    if (!mensagem) throw invalidControlField('mensagem');
    const quoted = optional(fields, 'idMensagem', () => invalidControlField('idMensagem'))?.trim();
    if (quoted === undefined) return { mensagem };
    return { mensagem, idMensagemCitada: quoted, mensagemCitada: quotedText(store, device, quoted) };
  },
  media: (_store, _device, fields) => mediaFields(fields),
  button: (store, device, fields, chat) => {
    const id = optional(fields, 'idMensagem', () => invalidControlField('idMensagem'))?.trim();
    const message = clickedMessage(store, device, chat, id, own(fields, 'opcao'));
    const opcao = resolveClick(clickableChoices(message.kind, messageContent(message)), own(fields, 'opcao'));
    return { opcao, mensagem: opcao.texto, idMensagemOriginal: message.id };
  },
  poll_vote: (store, device, fields) => {
    const message = answeredMessage(store, device, fields);
    if (message.kind !== 'poll') throw new EmulatorError(400, 'A mensagem indicada não é uma enquete.');
    const poll = messageContent(message) as unknown as PollContent & { message: string };
    const chosen = (list(fields, 'opcoes') ?? list(fields, 'opcao') ?? []).map((item) => asText(item) ?? '');
    const opcoes = resolveVote(poll, chosen);
    return { idEnquete: message.id, idMensagemOriginal: message.id, pergunta: poll.message, opcoes };
  },
  reaction: (_store, _device, fields) => {
    const target = controlField(fields, 'idMensagem');
    const emoji = required(fields, 'emoji') ?? required(fields, 'mensagem');
    if (!emoji || !isReactionValue(emoji)) throw invalidControlField('emoji');
    const removed = emoji === 'remove';
    return { emoji: removed ? '' : emoji, removida: removed, idMensagemOriginal: target };
  },
  location: (_store, _device, fields) => {
    const latitude = parseCoordinate(own(fields, 'latitude'), 90);
    const longitude = parseCoordinate(own(fields, 'longitude'), 180);
    if (latitude === undefined) throw invalidControlField('latitude');
    if (longitude === undefined) throw invalidControlField('longitude');
    const mensagem = required(fields, 'mensagem') ?? required(fields, 'message');
    return { latitude, longitude, mapa: mapUrl(latitude, longitude), ...(mensagem ? { mensagem } : {}) };
  },
};

export const INBOUND_EVENTS = Object.keys(BUILDERS);

function readOrigin(fields: Fields): IncomingOrigin {
  const de = normalizePhone(controlField(fields, 'de'));
  if (!de) throw invalidControlField('de');
  const grupo = optional(fields, 'grupo', () => invalidControlField('grupo'))?.trim();
  if (grupo !== undefined && !isGroupId(grupo)) throw invalidControlField('grupo');
  const nome = optional(fields, 'nome', () => invalidControlField('nome'))?.trim();
  return { de, ...(grupo ? { grupo } : {}), ...(nome ? { nome } : {}) };
}

export function inboundRoute(store: Store, fields: Fields, ctx: Ctx): InboundAnswer {
  const device = controlDevice(store, fields);
  const evento = controlField(fields, 'evento');
  if (!Object.hasOwn(BUILDERS, evento)) {
    throw new EmulatorError(400, `Evento inválido: "${evento}". Eventos válidos: ${INBOUND_EVENTS.join(', ')}.`);
  }
  const kind = evento as keyof typeof BUILDERS;
  const origin = readOrigin(fields);
  const extra = BUILDERS[kind](store, device, fields, origin.grupo ?? origin.de);
  const id = newMessageId();
  const now = ctx.now();
  const event = incomingEvent(device, kind, origin, id, now, extra);
  store.tx(() => {
    store
      .sql(
        'INSERT INTO inbox (id, device_id, evento, remetente, chat, payload, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(id, device.id, kind, origin.de, event.chat, JSON.stringify(event), now);
    enqueueEvent(store, device, event, now);
  });
  return { status: 200, message: 'Evento recebido.', idMessagem: id };
}
