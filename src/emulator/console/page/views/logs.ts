// The request log (accepted and rejected) and the webhook delivery log, live, each filtered by what is typed.
import { h } from 'preact';
import type { Node } from '../render/node.js';
import { useState } from 'preact/hooks';
import { logTime } from '../render/clock-time.js';
import { AttemptRow } from './delivery.js';
import type { ConsoleState } from '../store.js';

function matches(filter: string, ...fields: unknown[]): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' || fields.some((field) => String(field).toLowerCase().includes(wanted));
}

function FilterBox({
  id,
  label,
  value,
  set,
}: {
  id: string;
  label: string;
  value: string;
  set: (v: string) => void;
}): Node {
  return h(
    'p',
    { class: 'filter' },
    h('label', { for: id }, label),
    h('input', { id, type: 'search', value, onInput: (e: Event) => set((e.currentTarget as HTMLInputElement).value) }),
  );
}

function RequestLog({ state }: { state: ConsoleState }): Node {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<number | undefined>(undefined);
  const rows = state.requests
    .filter((r) => matches(filter, r.path, r.operation, r.status, r.fault, r.method, r.reason ?? ''))
    .reverse();
  return h(
    'section',
    { class: 'log', 'aria-label': 'Request log' },
    h('h3', null, 'Requests'),
    h(FilterBox, {
      id: 'request-filter',
      label: 'Filter requests (path, operation, status)',
      value: filter,
      set: setFilter,
    }),
    h(
      'table',
      null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['Time', 'Request', 'Operation', 'Status', 'Fault'].map((t) => h('th', { key: t, scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((r) => [
          h(
            'tr',
            {
              key: r.id,
              'data-testid': 'request-row',
              'data-status': String(r.status),
              class: (r.status ?? 500) >= 400 ? 'failed' : '',
            },
            h('td', null, logTime(r.timestamp)),
            h(
              'td',
              null,
              h(
                'button',
                {
                  type: 'button',
                  'aria-expanded': open === r.id ? 'true' : 'false',
                  onClick: () => setOpen(open === r.id ? undefined : r.id),
                },
                `${r.method} ${r.path}`,
              ),
              // Why the emulator refused it: the one thing a bot's developer needs from a failed row.
              r.reason ? h('div', { class: 'reason', 'data-testid': 'request-reason' }, r.reason) : null,
            ),
            h('td', null, r.operation ?? '—'),
            h('td', null, String(r.status ?? 'dropped')),
            h('td', null, r.fault ?? ''),
          ),
          open === r.id
            ? h(
                'tr',
                { key: `${r.id}-body` },
                h(
                  'td',
                  { colSpan: 5 },
                  h(
                    'pre',
                    { class: 'json' },
                    JSON.stringify({ reason: r.reason, body: r.body, resposta: r.resposta }, null, 2),
                  ),
                ),
              )
            : null,
        ]),
      ),
    ),
  );
}

function WebhookLog({ state }: { state: ConsoleState }): Node {
  const [filter, setFilter] = useState('');
  const rows = state.attempts
    .filter((a) => matches(filter, a.evento, a.httpStatus, a.erro, a.idMessagem, a.entrega))
    .reverse();
  return h(
    'section',
    { class: 'log', 'aria-label': 'Webhook delivery log' },
    h('h3', null, 'Webhook deliveries'),
    h(FilterBox, {
      id: 'webhook-filter',
      label: 'Filter deliveries (event, status, message id)',
      value: filter,
      set: setFilter,
    }),
    h(
      'ol',
      { class: 'attempts', reversed: true },
      rows.map((a) => h(AttemptRow, { key: `${a.entrega}-${a.tentativa}`, a, open: false })),
    ),
  );
}

export function LogsView({ state }: { state: ConsoleState }): Node {
  return h('div', { class: 'logs-view' }, h(RequestLog, { state }), h(WebhookLog, { state }));
}
