// The Load view: the latest `chatbot test --load` run as its runner last posted it to the emulator, live while it
// runs (contacts running, done and failing, answer time, throughput, duplicates, refused requests, webhook failures
// and retries, the thresholds as they stand, the report's charts) and its end summary once it ended.
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
  return (
    <div class="load-figure" data-testid={testid}>
      <span>{label}</span>
      <b>{value}</b>
    </div>
  );
}

function figures(run: LoadRun): Node {
  const { summary, now } = run;
  const { contacts, answerTime, rejected, webhooks, duplicates } = summary;
  const done = contacts.passed + contacts.failed;
  return (
    <div class="load-figures">
      {figure('contacts', String(contacts.started), 'load-started')}
      {figure('running', String(now.running), 'load-running')}
      {figure('done', String(done), 'load-done')}
      {figure('failing', String(contacts.failed), 'load-failing')}
      {figure('answer p50', msText(answerTime.p50), 'load-p50')}
      {figure('answer p95', msText(answerTime.p95), 'load-p95')}
      {figure('p95 now', msText(now.p95), 'load-p95-now')}
      {figure('answers / s', now.answersPerSecond.toFixed(1), 'load-throughput')}
      {figure('duplicates', String(duplicates.count), 'load-duplicates')}
      {figure('refused', `${rejected.count} of ${rejected.of}`, 'load-rejected')}
      {figure('webhook failures', String(webhooks.failed), 'load-webhook-failed')}
      {figure('webhook retries', String(webhooks.retries), 'load-webhook-retries')}
    </div>
  );
}

function thresholds(run: LoadRun): Node {
  const caption = run.state === 'running' ? 'Thresholds, as they stand so far' : 'Thresholds';
  return (
    <table class="load-table" data-testid="load-thresholds">
      <caption>{caption}</caption>
      <tr>
        <th scope="col">threshold</th>
        <th scope="col">measured</th>
      </tr>
      {run.summary.thresholds.map((t) => (
        <tr key={t.name} class={t.passed ? '' : 'failed'} data-passed={String(t.passed)}>
          <td>{`${t.passed ? 'passes' : 'fails'}: ${t.name} ${t.limit}`}</td>
          <td>{t.value}</td>
        </tr>
      ))}
    </table>
  );
}

function steps(run: LoadRun): Node {
  const head = ['step', 'n', 'p50', 'p95', 'max', 'no answer'];
  return (
    <table class="load-table" data-testid="load-steps">
      <caption>Slowest steps (by p95)</caption>
      <tr>
        {head.map((cell) => (
          <th key={cell} scope="col">
            {cell}
          </th>
        ))}
      </tr>
      {run.summary.steps.slice(0, 10).map((step, i) => (
        <tr key={step.step}>
          <td>{`#${i + 1} ${step.step}`}</td>
          {[String(step.count), msText(step.p50), msText(step.p95), msText(step.max), String(step.unanswered)].map(
            (cell, column) => (
              <td key={column}>{cell}</td>
            ),
          )}
        </tr>
      ))}
    </table>
  );
}

function charts(run: LoadRun): Node {
  return (
    <div class="load-charts">
      {loadCharts(run.summary).map(({ id, svg, caption }) => (
        <figure key={id} data-chart={id}>
          {/* The markup is the report's own (svg-chart.ts escapes every text it writes). */}
          <div dangerouslySetInnerHTML={{ __html: svg }} />
          <figcaption>{caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}

function list(title: string, items: string[]): Node | null {
  return items.length === 0 ? null : (
    <section>
      <h4>{title}</h4>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the runner printed at the end: the contacts, the failures, the refusals, the duplicates, where the limit was. */
function endSummary(run: LoadRun): Node {
  const { summary } = run;
  const { contacts, failures, rejected, duplicates, webhooks } = summary;
  return (
    <section class="load-summary" data-testid="load-summary">
      <p>{`Load run ${loadVerdict(run)}: ${contacts.started} contacts in ${msText(summary.durationMs)} (${summary.arrival}): ${contacts.passed} passed, ${contacts.failed} failed.`}</p>
      <p>{`Webhook deliveries: ${webhooks.attempts} attempts, ${webhooks.failed} failed, ${webhooks.retries} retries, ${webhooks.givenUp} given up; latency p95 ${msText(webhooks.latency.p95)}.`}</p>
      {list(
        `Expectation failures: ${failures.count}`,
        failures.first.map((f) => `${f.conversation} › ${f.step} (${f.file}:${f.line}): ${f.message}`),
      )}
      {list(
        `Bot requests refused: ${rejected.count} of ${rejected.of}`,
        rejected.reasons.map(
          (r) => `${r.count} × ${r.status ?? 'dropped'} ${r.operation ?? ''}${r.reason ? `: ${r.reason}` : ''}`,
        ),
      )}
      {list(
        `Contacts answered twice for one step: ${duplicates.count}`,
        duplicates.contacts.map((d) => `${d.contact} — ${d.conversation} › ${d.step}`),
      )}
      <p>{`CPU: ${summary.cpu.verdict}.`}</p>
    </section>
  );
}

export function LoadView({ state }: { state: ConsoleState }): Node {
  const run = state.load;
  if (!run)
    return (
      <section class="load-view">
        <p>No load run since the emulator started or was reset.</p>
      </section>
    );
  const verdict = loadVerdict(run);
  return (
    // A tab stop of its own: the view has no control, and keyboard users scroll it.
    <section class="load-view" aria-label="Load run" tabIndex={0} data-testid="load-view" data-run={run.run}>
      <h2>
        {'Load run '}
        <span class={`load-state ${verdict}`} data-testid="load-state" data-state={verdict}>
          {verdict}
        </span>
      </h2>
      <p class="load-plan">
        {run.state === 'running'
          ? `chatbot test --load: ${run.summary.arrival}, ${msText(run.elapsedMs)} since it started`
          : `chatbot test --load: ${run.summary.arrival}, started at ${logTime(run.startedAt)}, ran ${msText(run.summary.durationMs)}`}
      </p>
      {figures(run)}
      {run.state === 'running' ? null : endSummary(run)}
      {thresholds(run)}
      {charts(run)}
      {steps(run)}
    </section>
  );
}
