// A message's causal chain: the request that created it (keys masked, as the request log keeps it) and its answer,
// then the delivery panel (views/delivery.tsx): every webhook attempt of its events, both sides of each. For a
// contact's message, the event that went out comes first. A send of the bot the emulator refused opens here too.
import type { Node } from '../render/node.js';
import { useEffect, useState } from 'preact/hooks';
import type { LoggedRequest } from '../../../control/types.js';
import { api } from '../api.js';
import { setState, type ConsoleState } from '../store.js';
import { DeliveryPanel } from './delivery.js';
import { deliveriesOf, refusedIn, silentAfter } from '../deliveries.js';
import { icon } from '../render/icons.js';

function json(value: unknown): Node {
  return <pre class="json">{JSON.stringify(value, null, 2)}</pre>;
}

function requestPart(request: LoggedRequest | undefined | null, incoming: boolean): Node {
  if (incoming)
    return (
      <p>
        Sent by the contact (POST /__emulator/inbound), not by a service request: below, the event it sent to the bot's
        webhook.
      </p>
    );
  if (request === undefined) return <p class="hint">Looking for its request…</p>;
  if (request === null)
    return <p class="hint">Its request is no longer in the request log (it keeps the last 1000).</p>;
  return (
    <div>
      <p>
        <code>{`${request.method} ${request.path}`}</code>
        {` → ${String(request.status)} (${request.operation ?? '?'})`}
      </p>
      {request.reason ? <p class="reason" data-testid="request-reason">{`Refused: ${request.reason}`}</p> : null}
      <h4>Request (keys masked)</h4>
      {json(request.body)}
      <h4>Answer</h4>
      {json(request.resposta ?? null)}
    </div>
  );
}

function closeButton(): Node {
  return (
    <button
      type="button"
      aria-label="Close the inspector"
      onClick={() => setState({ selected: undefined, inspecting: undefined })}
    >
      {icon('close')}
    </button>
  );
}

/** A send of the bot the emulator refused (from a chat's muted bubble): the reason, what was sent, the answer. */
export function RefusedInspector({ request }: { request: LoggedRequest }): Node {
  return (
    <aside class="inspector" aria-label="Inspector" data-testid="inspector">
      <header>
        <h3>
          {'Refused request '}
          <code>{`#${request.id}`}</code>
        </h3>
        {closeButton()}
      </header>
      {requestPart(request, false)}
    </aside>
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
  return (
    <p class="hint" data-testid="bot-silent">
      {`Nothing from the bot in this chat since this message was delivered: no message and no refused request. `}
      {`The bot must send to ${location.origin} with this device's keys; one sending to another emulator or to the `}
      real service leaves nothing here.
    </p>
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
  return (
    <aside class="inspector" aria-label="Inspector" data-testid="inspector">
      <header>
        <h3>
          {'Message '}
          <code>{selected.message.id}</code>
        </h3>
        {closeButton()}
      </header>
      {requestPart(request, incoming)}
      <h4>{incoming ? "The event sent to the bot's webhook" : 'Webhook attempts'}</h4>
      <DeliveryPanel attempts={attempts} incoming={incoming} />
      {incoming ? silence(state, selected) : null}
      <h4>Message</h4>
      {json(selected.message)}
    </aside>
  );
}
