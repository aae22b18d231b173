// The Load view: the latest `chatbot test --load` run as its runner last posted it to the emulator, live while it
// runs (contacts running, done and failing, answer time, throughput, duplicates, refused requests, webhook failures
// and retries, the thresholds as they stand, the report's charts) and its end summary once it ended.
import { h } from 'preact';
import type { LoadRun } from '../../../control/types.js';
import { logTime } from '../render/clock-time.js';
import { loadCharts, msText } from '../render/load-charts.js';
import type { Node } from '../render/node.js';
import type { ConsoleState } from '../store.js';

/** The run's state in words: running, or how it ended (a failed threshold fails it). */
export function loadVerdict(run: LoadRun): 'running' | 'passed' | 'failed' | 'stopped' {
  if (run.state === 'running') return 'running';
  if (run.state === 'stopped') return 'stopped';
  return run.summary.passed ? 'passed' : 'failed';
}

function figure(label: string, value: string, testid: string): Node {
  return h('div', { class: 'load-figure', 'data-testid': testid }, h('span', null, label), h('b', null, value));
}

function figures(run: LoadRun): Node {
  const { summary, now } = run;
  const { contacts, answerTime, rejected, webhooks, duplicates } = summary;
  const done = contacts.passed + contacts.failed;
  return h(
    'div',
    { class: 'load-figures' },
    figure('contacts', String(contacts.started), 'load-started'),
    figure('running', String(now.running), 'load-running'),
    figure('done', String(done), 'load-done'),
    figure('failing', String(contacts.failed), 'load-failing'),
    figure('answer p50', msText(answerTime.p50), 'load-p50'),
    figure('answer p95', msText(answerTime.p95), 'load-p95'),
    figure('p95 now', msText(now.p95), 'load-p95-now'),
    figure('answers / s', now.answersPerSecond.toFixed(1), 'load-throughput'),
    figure('duplicates', String(duplicates.count), 'load-duplicates'),
    figure('refused', `${rejected.count} of ${rejected.of}`, 'load-rejected'),
    figure('webhook failures', String(webhooks.failed), 'load-webhook-failed'),
    figure('webhook retries', String(webhooks.retries), 'load-webhook-retries'),
  );
}

function thresholds(run: LoadRun): Node {
  const caption = run.state === 'running' ? 'Thresholds, as they stand so far' : 'Thresholds';
  return h(
    'table',
    { class: 'load-table', 'data-testid': 'load-thresholds' },
    h('caption', null, caption),
    h('tr', null, h('th', { scope: 'col' }, 'threshold'), h('th', { scope: 'col' }, 'measured')),
    run.summary.thresholds.map((t) =>
      h(
        'tr',
        { key: t.name, class: t.passed ? '' : 'failed', 'data-passed': String(t.passed) },
        h('td', null, `${t.passed ? 'passes' : 'fails'}: ${t.name} ${t.limit}`),
        h('td', null, t.value),
      ),
    ),
  );
}

function steps(run: LoadRun): Node {
  const head = ['step', 'n', 'p50', 'p95', 'max', 'no answer'];
  return h(
    'table',
    { class: 'load-table', 'data-testid': 'load-steps' },
    h('caption', null, 'Slowest steps (by p95)'),
    h(
      'tr',
      null,
      head.map((cell) => h('th', { key: cell, scope: 'col' }, cell)),
    ),
    run.summary.steps.slice(0, 10).map((step, i) =>
      h(
        'tr',
        { key: step.step },
        h('td', null, `#${i + 1} ${step.step}`),
        [String(step.count), msText(step.p50), msText(step.p95), msText(step.max), String(step.unanswered)].map(
          (cell, column) => h('td', { key: column }, cell),
        ),
      ),
    ),
  );
}

function charts(run: LoadRun): Node {
  return h(
    'div',
    { class: 'load-charts' },
    loadCharts(run.summary).map(({ id, svg, caption }) =>
      h(
        'figure',
        { key: id, 'data-chart': id },
        // The markup is the report's own (svg-chart.ts escapes every text it writes).
        h('div', { dangerouslySetInnerHTML: { __html: svg } }),
        h('figcaption', null, caption),
      ),
    ),
  );
}

function list(title: string, items: string[]): Node | null {
  return items.length === 0
    ? null
    : h(
        'section',
        null,
        h('h4', null, title),
        h(
          'ul',
          null,
          items.map((item, i) => h('li', { key: i }, item)),
        ),
      );
}

/** What the runner printed at the end: the contacts, the failures, the refusals, the duplicates, where the limit was. */
function endSummary(run: LoadRun): Node {
  const { summary } = run;
  const { contacts, failures, rejected, duplicates, webhooks } = summary;
  return h(
    'section',
    { class: 'load-summary', 'data-testid': 'load-summary' },
    h(
      'p',
      null,
      `Load run ${loadVerdict(run)}: ${contacts.started} contacts in ${msText(summary.durationMs)} (${summary.arrival}): ${contacts.passed} passed, ${contacts.failed} failed.`,
    ),
    h(
      'p',
      null,
      `Webhook deliveries: ${webhooks.attempts} attempts, ${webhooks.failed} failed, ${webhooks.retries} retries, ${webhooks.givenUp} given up; latency p95 ${msText(webhooks.latency.p95)}.`,
    ),
    list(
      `Expectation failures: ${failures.count}`,
      failures.first.map((f) => `${f.conversation} › ${f.step} (${f.file}:${f.line}): ${f.message}`),
    ),
    list(
      `Bot requests refused: ${rejected.count} of ${rejected.of}`,
      rejected.reasons.map(
        (r) => `${r.count} × ${r.status ?? 'dropped'} ${r.operation ?? ''}${r.reason ? `: ${r.reason}` : ''}`,
      ),
    ),
    list(
      `Contacts answered twice for one step: ${duplicates.count}`,
      duplicates.contacts.map((d) => `${d.contact} — ${d.conversation} › ${d.step}`),
    ),
    h('p', null, `CPU: ${summary.cpu.verdict}.`),
  );
}

export function LoadView({ state }: { state: ConsoleState }): Node {
  const run = state.load;
  if (!run)
    return h('section', { class: 'load-view' }, h('p', null, 'No load run since the emulator started or was reset.'));
  const verdict = loadVerdict(run);
  return h(
    'section',
    // A tab stop of its own: the view has no control, and keyboard users scroll it.
    { class: 'load-view', 'aria-label': 'Load run', tabIndex: 0, 'data-testid': 'load-view', 'data-run': run.run },
    h(
      'h2',
      null,
      'Load run ',
      h('span', { class: `load-state ${verdict}`, 'data-testid': 'load-state', 'data-state': verdict }, verdict),
    ),
    h(
      'p',
      { class: 'load-plan' },
      run.state === 'running'
        ? `chatbot test --load: ${run.summary.arrival}, ${msText(run.elapsedMs)} since it started`
        : `chatbot test --load: ${run.summary.arrival}, started at ${logTime(run.startedAt)}, ran ${msText(run.summary.durationMs)}`,
    ),
    figures(run),
    run.state === 'running' ? null : endSummary(run),
    thresholds(run),
    charts(run),
    steps(run),
  );
}
