// The request log (accepted and rejected) and the webhook delivery log, live, each filtered by what is typed.
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
  return (
    <p class="filter">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        onInput={(e: Event) => set((e.currentTarget as HTMLInputElement).value)}
      />
    </p>
  );
}

function RequestLog({ state }: { state: ConsoleState }): Node {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<number | undefined>(undefined);
  const rows = state.requests
    .filter((r) => matches(filter, r.path, r.operation, r.status, r.fault, r.method, r.reason ?? ''))
    .reverse();
  return (
    <section class="log" aria-label="Request log">
      <h3>Requests</h3>
      <FilterBox id="request-filter" label="Filter requests (path, operation, status)" value={filter} set={setFilter} />
      <table>
        <thead>
          <tr>
            {['Time', 'Request', 'Operation', 'Status', 'Fault'].map((t) => (
              <th key={t} scope="col">
                {t}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => [
            <tr
              key={r.id}
              data-testid="request-row"
              data-status={String(r.status)}
              class={(r.status ?? 500) >= 400 ? 'failed' : ''}
            >
              <td>{logTime(r.timestamp)}</td>
              <td>
                <button
                  type="button"
                  aria-expanded={open === r.id ? 'true' : 'false'}
                  onClick={() => setOpen(open === r.id ? undefined : r.id)}
                >{`${r.method} ${r.path}`}</button>
                {/* Why the emulator refused it: the one thing a bot's developer needs from a failed row. */}
                {r.reason ? (
                  <div class="reason" data-testid="request-reason">
                    {r.reason}
                  </div>
                ) : null}
              </td>
              <td>{r.operation ?? '—'}</td>
              <td>{String(r.status ?? 'dropped')}</td>
              <td>{r.fault ?? ''}</td>
            </tr>,
            open === r.id ? (
              <tr key={`${r.id}-body`}>
                <td colSpan={5}>
                  <pre class="json">
                    {JSON.stringify({ reason: r.reason, body: r.body, resposta: r.resposta }, null, 2)}
                  </pre>
                </td>
              </tr>
            ) : null,
          ])}
        </tbody>
      </table>
    </section>
  );
}

function WebhookLog({ state }: { state: ConsoleState }): Node {
  const [filter, setFilter] = useState('');
  const rows = state.attempts
    .filter((a) => matches(filter, a.evento, a.httpStatus, a.erro, a.idMessagem, a.entrega))
    .reverse();
  return (
    <section class="log" aria-label="Webhook delivery log">
      <h3>Webhook deliveries</h3>
      <FilterBox
        id="webhook-filter"
        label="Filter deliveries (event, status, message id)"
        value={filter}
        set={setFilter}
      />
      <ol class="attempts" reversed={true}>
        {rows.map((a) => (
          <AttemptRow key={`${a.entrega}-${a.tentativa}`} a={a} open={false} />
        ))}
      </ol>
    </section>
  );
}

export function LogsView({ state }: { state: ConsoleState }): Node {
  return (
    <div class="logs-view">
      <RequestLog state={state} />
      <WebhookLog state={state} />
    </div>
  );
}
