// Webhook event bodies. Field names follow what real receivers read (`idMessagem` is spelled so on purpose).
import { isGroupId, normalizePhone } from '../rules/recipients.js';
import type { DeviceRow } from '../store/devices.js';

export type EventKind = 'text' | 'media' | 'button' | 'location' | 'poll_vote' | 'reaction' | 'agendamento';
export type EventOrigin = 'Me' | 'Chat' | 'Sistema';

export interface EventPayload {
  evento: EventKind;
  tipo: EventOrigin;
  instancia: string;
  dispositivo: string;
  remetente: string;
  destinatario: string;
  /** The conversation: the contact's number or the group id. */
  chat: string;
  isGrupo: boolean;
  nome: string;
  idMessagem: string;
  timestamp: string;
  [field: string]: unknown;
}

function devicePhone(device: DeviceRow): string {
  return normalizePhone(device.telefone) ?? device.telefone;
}

/** An event about something the device sent to `chat`. */
export function outgoingEvent(
  device: DeviceRow,
  evento: EventKind,
  chat: string,
  idMessagem: string,
  at: number,
  fields: Record<string, unknown>,
): EventPayload {
  return {
    evento,
    tipo: 'Me',
    instancia: device.appkey,
    dispositivo: device.id,
    remetente: devicePhone(device),
    destinatario: chat,
    chat,
    isGrupo: isGroupId(chat),
    nome: device.nome,
    idMessagem,
    timestamp: new Date(at).toISOString(),
    ...fields,
  };
}

export interface IncomingOrigin {
  /** Sender's number (digits). */
  de: string;
  /** Group the message was written in, when it was. */
  grupo?: string;
  /** Sender's display name. */
  nome?: string;
}

/** An event about something a contact sent to the device (directly or in a group). */
export function incomingEvent(
  device: DeviceRow,
  evento: EventKind,
  origin: IncomingOrigin,
  idMessagem: string,
  at: number,
  fields: Record<string, unknown>,
): EventPayload {
  const chat = origin.grupo ?? origin.de;
  return {
    evento,
    tipo: 'Chat',
    instancia: device.appkey,
    dispositivo: device.id,
    remetente: origin.de,
    destinatario: devicePhone(device),
    chat,
    isGrupo: isGroupId(chat),
    nome: origin.nome ?? origin.de,
    idMessagem,
    timestamp: new Date(at).toISOString(),
    ...fields,
  };
}
