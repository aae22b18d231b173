// Test controls: fault rules (add, list, remove), the test clock (set, advance, back to real time), reset, and the
// state exported to and imported from one JSON file.
import type { Node } from '../render/node.js';
import { NAMED_ERRORS } from '../../../instruments/faults/named-errors.js';
import { api } from '../api.js';
import { attempt, notify } from '../data.js';
import { clockTime } from '../render/clock-time.js';
import { setState, type ConsoleState } from '../store.js';

/** The errors a fault rule can answer by name: the emulator's own table. */
const ERRORS = Object.keys(NAMED_ERRORS);

function formValues(event: Event): Record<string, string> {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const values = Object.fromEntries(
    [...new FormData(form).entries()].map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v.name]),
  );
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}

function faultForm(): Node {
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <p>
      <label for={`fault-${name}`}>{label}</label>
      <input id={`fault-${name}`} name={name} {...extra} />
    </p>
  );
  return (
    <form
      aria-label="Add a fault rule"
      onSubmit={(event: Event) => {
        const { times, ...rule } = formValues(event);
        attempt(() => api.addFault({ ...rule, ...(times ? { times: Number(times) } : {}) }));
      }}
    >
      <p>
        <label for="fault-error">Answer with</label>
        <select id="fault-error" name="error">
          {ERRORS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </p>
      {field('operation', 'Only operation (sendText, sendPoll, …)')}
      {field('to', 'Only to (number)')}
      {field('times', 'Only the next N requests', { type: 'number', min: 1 })}
      <button type="submit">Add fault rule</button>
    </form>
  );
}

function faults(state: ConsoleState): Node {
  return (
    <section aria-label="Fault rules">
      <h3>Fault rules</h3>
      {state.faults.length === 0 ? <p class="hint">None armed: every request runs as usual.</p> : null}
      <ul>
        {state.faults.map((rule) => (
          <li key={rule.id} data-testid="fault-rule">
            <code>{rule.id}</code>
            {` ${JSON.stringify(rule.match)} → ${rule.status ?? ''} ${rule.message ?? ''}${rule.remaining === undefined ? '' : ` (${rule.remaining} left)`} · hit ${rule.hits}× `}
            <button type="button" onClick={() => attempt(() => api.removeFault(rule.id))}>{`Remove ${rule.id}`}</button>
          </li>
        ))}
      </ul>
      {faultForm()}
    </section>
  );
}

function clock(state: ConsoleState): Node {
  return (
    <section aria-label="Test clock">
      <h3>Clock</h3>
      <p data-testid="clock">
        {state.clock ? `${clockTime(state.clock.agora)} ${state.clock.alterado ? '(moved)' : '(real time)'}` : '…'}
      </p>
      <form
        aria-label="Advance the clock"
        onSubmit={(event: Event) => {
          const { by } = formValues(event);
          if (by) attempt(() => api.advanceClock(by));
        }}
      >
        <label for="clock-by">Advance by (90s, 15m, 2h, 1d)</label>
        <input id="clock-by" name="by" />
        <button type="submit">Advance</button>
      </form>
      <form
        aria-label="Set the clock"
        onSubmit={(event: Event) => {
          const { at } = formValues(event);
          if (at) attempt(() => api.setClock(at));
        }}
      >
        <label for="clock-at">Set to (ISO 8601 with zone)</label>
        <input id="clock-at" name="at" placeholder="2030-01-01T12:00:00Z" />
        <button type="submit">Set</button>
      </form>
      <button type="button" onClick={() => attempt(api.resetClock)}>
        Back to real time
      </button>
    </section>
  );
}

function download(document: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: 'emulator-state.json' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function stateTools(): Node {
  return (
    <section aria-label="State">
      <h3>State</h3>
      <button
        type="button"
        onClick={() =>
          attempt(async () => {
            const { status: _s, ...doc } = await api.exportState();
            download(doc);
          })
        }
      >
        Export state
      </button>{' '}
      <label for="import-state">Import state</label>
      <input
        id="import-state"
        type="file"
        accept="application/json,.json"
        onChange={(event: Event) => {
          const file = (event.currentTarget as HTMLInputElement).files?.[0];
          if (file)
            attempt(async () => {
              const { linhas } = await api.importState(JSON.parse(await file.text()));
              notify(`Imported ${linhas} rows.`);
            });
        }}
      />{' '}
      <button
        type="button"
        class="danger"
        onClick={() => {
          if (confirm('Erase every account, device, message and rule?'))
            attempt(async () => {
              await api.reset();
              setState({ open: [], selected: undefined });
            });
        }}
      >
        Reset the emulator
      </button>
    </section>
  );
}

export function ControlsView({ state }: { state: ConsoleState }): Node {
  return (
    <div class="controls-view">
      {faults(state)}
      {clock(state)}
      {stateTools()}
    </div>
  );
}
