// Test controls: fault rules (add, list, remove), the test clock (set, advance, back to real time), reset, and the
// state exported to and imported from one JSON file.
import { h } from 'preact';
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
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) =>
    h('p', null, h('label', { for: `fault-${name}` }, label), h('input', { id: `fault-${name}`, name, ...extra }));
  return h(
    'form',
    {
      'aria-label': 'Add a fault rule',
      onSubmit: (event: Event) => {
        const { times, ...rule } = formValues(event);
        attempt(() => api.addFault({ ...rule, ...(times ? { times: Number(times) } : {}) }));
      },
    },
    h(
      'p',
      null,
      h('label', { for: 'fault-error' }, 'Answer with'),
      h(
        'select',
        { id: 'fault-error', name: 'error' },
        ERRORS.map((e) => h('option', { key: e, value: e }, e)),
      ),
    ),
    field('operation', 'Only operation (sendText, sendPoll, …)'),
    field('to', 'Only to (number)'),
    field('times', 'Only the next N requests', { type: 'number', min: 1 }),
    h('button', { type: 'submit' }, 'Add fault rule'),
  );
}

function faults(state: ConsoleState): Node {
  return h(
    'section',
    { 'aria-label': 'Fault rules' },
    h('h3', null, 'Fault rules'),
    state.faults.length === 0 ? h('p', { class: 'hint' }, 'None armed: every request runs as usual.') : null,
    h(
      'ul',
      null,
      state.faults.map((rule) =>
        h(
          'li',
          { key: rule.id, 'data-testid': 'fault-rule' },
          h('code', null, rule.id),
          ` ${JSON.stringify(rule.match)} → ${rule.status ?? ''} ${rule.message ?? ''}${rule.remaining === undefined ? '' : ` (${rule.remaining} left)`} · hit ${rule.hits}× `,
          h('button', { type: 'button', onClick: () => attempt(() => api.removeFault(rule.id)) }, `Remove ${rule.id}`),
        ),
      ),
    ),
    faultForm(),
  );
}

function clock(state: ConsoleState): Node {
  return h(
    'section',
    { 'aria-label': 'Test clock' },
    h('h3', null, 'Clock'),
    h(
      'p',
      { 'data-testid': 'clock' },
      state.clock ? `${clockTime(state.clock.agora)} ${state.clock.alterado ? '(moved)' : '(real time)'}` : '…',
    ),
    h(
      'form',
      {
        'aria-label': 'Advance the clock',
        onSubmit: (event: Event) => {
          const { by } = formValues(event);
          if (by) attempt(() => api.advanceClock(by));
        },
      },
      h('label', { for: 'clock-by' }, 'Advance by (90s, 15m, 2h, 1d)'),
      h('input', { id: 'clock-by', name: 'by' }),
      h('button', { type: 'submit' }, 'Advance'),
    ),
    h(
      'form',
      {
        'aria-label': 'Set the clock',
        onSubmit: (event: Event) => {
          const { at } = formValues(event);
          if (at) attempt(() => api.setClock(at));
        },
      },
      h('label', { for: 'clock-at' }, 'Set to (ISO 8601 with zone)'),
      h('input', { id: 'clock-at', name: 'at', placeholder: '2030-01-01T12:00:00Z' }),
      h('button', { type: 'submit' }, 'Set'),
    ),
    h('button', { type: 'button', onClick: () => attempt(api.resetClock) }, 'Back to real time'),
  );
}

function download(document: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: 'emulator-state.json' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function stateTools(): Node {
  return h(
    'section',
    { 'aria-label': 'State' },
    h('h3', null, 'State'),
    h(
      'button',
      {
        type: 'button',
        onClick: () =>
          attempt(async () => {
            const { status: _s, ...doc } = await api.exportState();
            download(doc);
          }),
      },
      'Export state',
    ),
    ' ',
    h('label', { for: 'import-state' }, 'Import state'),
    h('input', {
      id: 'import-state',
      type: 'file',
      accept: 'application/json,.json',
      onChange: (event: Event) => {
        const file = (event.currentTarget as HTMLInputElement).files?.[0];
        if (file)
          attempt(async () => {
            const { linhas } = await api.importState(JSON.parse(await file.text()));
            notify(`Imported ${linhas} rows.`);
          });
      },
    }),
    ' ',
    h(
      'button',
      {
        type: 'button',
        class: 'danger',
        onClick: () => {
          if (confirm('Erase every account, device, message and rule?'))
            attempt(async () => {
              await api.reset();
              setState({ open: [], selected: undefined });
            });
        },
      },
      'Reset the emulator',
    ),
  );
}

export function ControlsView({ state }: { state: ConsoleState }): Node {
  return h('div', { class: 'controls-view' }, faults(state), clock(state), stateTools());
}
