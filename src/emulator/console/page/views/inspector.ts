// A message's causal chain: the request that created it (keys masked, as the request log keeps it) and its answer,
// then the delivery panel (views/delivery.ts): every webhook attempt of its events, both sides of each. For a
// contact's message, the event that went out comes first. A send of the bot the emulator refused opens here too.
import { h } from 'preact';
import type { Node } from '../render/node.js';
import { useEffect, useState } from 'preact/hooks';
import type { LoggedRequest } from '../../../control/types.js';
import { api } from '../api.js';
import { setState, type ConsoleState } from '../store.js';
import { DeliveryPanel } from './delivery.js';
import { deliveriesOf, refusedIn, silentAfter } from '../deliveries.js';
import { icon } from '../render/icons.js';

function json(value: unknown): Node {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

function requestPart(request: LoggedRequest | undefined | null, incoming: boolean): Node {
  if (incoming)
    return h(
      'p',
      null,
      "Sent by the contact (POST /__emulator/inbound), not by a service request: below, the event it sent to the bot's webhook.",
    );
  if (request === undefined) return h('p', { class: 'hint' }, 'Looking for its request…');
  if (request === null)
    return h('p', { class: 'hint' }, 'Its request is no longer in the request log (it keeps the last 1000).');
  return h(
    'div',
    null,
    h(
      'p',
      null,
      h('code', null, `${request.method} ${request.path}`),
      ` → ${String(request.status)} (${request.operation ?? '?'})`,
    ),
    request.reason ? h('p', { class: 'reason', 'data-testid': 'request-reason' }, `Refused: ${request.reason}`) : null,
    h('h4', null, 'Request (keys masked)'),
    json(request.body),
    h('h4', null, 'Answer'),
    json(request.resposta ?? null),
  );
}

function closeButton(): Node {
  return h(
    'button',
    {
      type: 'button',
      'aria-label': 'Close the inspector',
      onClick: () => setState({ selected: undefined, inspecting: undefined }),
    },
    icon('close'),
  );
}

/** A send of the bot the emulator refused (from a chat's muted bubble): the reason, what was sent, the answer. */
export function RefusedInspector({ request }: { request: LoggedRequest }): Node {
  return h(
    'aside',
    { class: 'inspector', 'aria-label': 'Inspector', 'data-testid': 'inspector' },
    h('header', null, h('h3', null, 'Refused request ', h('code', null, `#${request.id}`)), closeButton()),
    requestPart(request, false),
  );
}

/**
 * For a contact's message delivered to the bot, when nothing came back in its chat: says so, and where the bot must
 * send (this emulator), since a bot sending elsewhere leaves no trace here.
 */
function silence(state: ConsoleState, selected: NonNullable<ConsoleState['selected']>): Node | null {
  const { device, message } = selected;
  if (deliveriesOf(state.attempts, device.id).get(message.id)?.state !== 'delivered') return null;
  const chat = state.open.find((open) => open.device.id === device.id && open.chat === message.chat);
  if (!chat || !silentAfter(message, chat.messages, refusedIn(state.requests, device.id, chat.chat))) return null;
  return h(
    'p',
    { class: 'hint', 'data-testid': 'bot-silent' },
    `Nothing from the bot in this chat since this message was delivered: no message and no refused request. `,
    `The bot must send to ${location.origin} with this device's keys; one sending to another emulator or to the `,
    'real service leaves nothing here.',
  );
}

export function Inspector({ state }: { state: ConsoleState }): Node | null {
  const selected = state.selected;
  const [request, setRequest] = useState<LoggedRequest | null | undefined>(undefined);
  const id = selected?.message.id;
  const incoming = selected?.message.direction === 'in';
  useEffect(() => {
    setRequest(undefined);
    if (!id || incoming) return;
    const lookup = selected.message.agendamento_id ?? id;
    api.requests({ mensagem: lookup }).then(
      (found) => setRequest(found[0] ?? null),
      () => setRequest(null),
    );
  }, [id]);
  if (!selected) return null;
  const attempts = state.attempts.filter((a) => a.idMessagem === selected.message.id);
  return h(
    'aside',
    { class: 'inspector', 'aria-label': 'Inspector', 'data-testid': 'inspector' },
    h('header', null, h('h3', null, 'Message ', h('code', null, selected.message.id)), closeButton()),
    requestPart(request, incoming),
    h('h4', null, incoming ? "The event sent to the bot's webhook" : 'Webhook attempts'),
    h(DeliveryPanel, { attempts, incoming }),
    incoming ? silence(state, selected) : null,
    h('h4', null, 'Message'),
    json(selected.message),
  );
}
