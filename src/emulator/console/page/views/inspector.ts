// A message's causal chain: the request that created it (keys masked, as the request log keeps it) and its answer,
// then every webhook attempt of its events with the retry schedule, and redelivery.
import { h } from 'preact';
import type { Node } from '../render/node.js';
import { useEffect, useState } from 'preact/hooks';
import type { LoggedRequest } from '../../../control/types.js';
import { api } from '../api.js';
import { attempt } from '../data.js';
import { setState, type ConsoleState } from '../store.js';
import { icon } from '../render/icons.js';

function json(value: unknown): Node {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

function requestPart(request: LoggedRequest | undefined | null, incoming: boolean): Node {
  if (incoming) return h('p', null, 'Sent by the contact (POST /__emulator/inbound), not by a service request.');
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
    h(
      'header',
      null,
      h('h3', null, 'Message ', h('code', null, selected.message.id)),
      h(
        'button',
        { type: 'button', 'aria-label': 'Close the inspector', onClick: () => setState({ selected: undefined }) },
        icon('close'),
      ),
    ),
    requestPart(request, incoming),
    h('h4', null, 'Webhook attempts'),
    attempts.length === 0
      ? h(
          'p',
          { class: 'hint' },
          'None: the device has no webhook, or this message emits no event until a contact acts.',
        )
      : h(
          'ol',
          { class: 'attempts' },
          attempts.map((a) =>
            h(
              'li',
              {
                key: `${a.entrega}-${a.tentativa}`,
                'data-testid': 'webhook-attempt',
                'data-status': String(a.httpStatus ?? 'error'),
              },
              `${a.evento} · delivery ${a.entrega} · attempt ${a.tentativa} · ${a.httpStatus ?? a.erro ?? ''} · ${a.em}`,
              a.proxima ? ` · next ${a.proxima}` : '',
              h('button', { type: 'button', onClick: () => attempt(() => api.redeliver(a.entrega)) }, 'Redeliver'),
            ),
          ),
        ),
    h('h4', null, 'Message'),
    json(selected.message),
  );
}
