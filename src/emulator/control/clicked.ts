// The message a contact's click answers: the one named, which must have gone to the chat the click comes from, or
// else the latest message of that chat with the button clicked (the rule of conversation tests' `click:` steps).
import { EmulatorError } from '../http/reply.js';
import type { Store } from '../store/db.js';
import type { DeviceRow } from '../store/devices.js';
import { findMessage, messageContent, type MessageRow } from '../store/messages.js';
import { clickKey, clickableChoices, findChoice } from './answers.js';
import { invalidControlField } from './fields.js';

const CLICKABLE_KINDS = "('buttons', 'carousel', 'template')";

function namedMessage(store: Store, device: DeviceRow, id: string, chat: string): MessageRow {
  const message = findMessage(store, device.id, id);
  if (!message) throw new EmulatorError(404, 'Mensagem não encontrada.');
  if (message.destinatario !== chat) {
    throw new EmulatorError(
      400,
      `A mensagem ${id} foi enviada a ${message.destinatario}, não a ${chat}: só quem a recebeu pode clicar nos botões dela.`,
    );
  }
  return message;
}

function latestWithButton(store: Store, device: DeviceRow, chat: string, key: string): MessageRow {
  const candidates = store
    .sql(
      `SELECT * FROM messages WHERE device_id = ? AND destinatario = ? AND kind IN ${CLICKABLE_KINDS} ORDER BY seq DESC`,
    )
    .all(device.id, chat) as MessageRow[];
  for (const message of candidates) {
    if (findChoice(clickableChoices(message.kind, messageContent(message)), key)) return message;
  }
  throw new EmulatorError(
    404,
    `Nenhuma mensagem enviada a ${chat} tem o botão "${key}": envie a mensagem com o botão antes, ou indique idMensagem.`,
  );
}

/** The message clicked in `chat`: `id` when given (404 unknown, 400 sent to another chat), else the latest with it. */
export function clickedMessage(
  store: Store,
  device: DeviceRow,
  chat: string,
  id: string | undefined,
  opcao: unknown,
): MessageRow {
  if (id !== undefined) return namedMessage(store, device, id, chat);
  const key = clickKey(opcao);
  if (!key) throw invalidControlField('opcao');
  return latestWithButton(store, device, chat, key);
}
