// --report FILE: the load run as one self-contained HTML page (inline CSS and SVG, no script, no network): the
// figures, answer time over the run (p50 and p95 lines), a histogram, arrivals and throughput, the slowest steps,
// failures, refused requests, duplicate answers, where the limit was, and each threshold. The charts are those the
// console's Load view draws (src/emulator/console/page/render/load-charts.ts).
import type { Percentiles } from './stats.js';
import type { LoadSummary } from './summary.js';
import { loadCharts, msText as ms } from '../../../../emulator/console/page/render/load-charts.js';
import { escapeHtml } from '../../../../emulator/console/page/render/svg-chart.js';

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:980px;color:#1d2430;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.figures{display:flex;flex-wrap:wrap;gap:10px}.figure{border:1px solid #d8dde6;border-radius:6px;padding:8px 12px;min-width:96px}
.figure b{display:block;font-size:20px}.pass{color:#1a7f37}.fail{color:#cf222e}
table{border-collapse:collapse;width:100%}th,td{text-align:right;padding:3px 8px;border-bottom:1px solid #eaeef2}
th:first-child,td:first-child{text-align:left;white-space:normal}td{white-space:nowrap}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:12px}figure{margin:0 0 12px}figcaption{color:#57606a;font-size:12px}
svg{max-width:100%;height:auto}.axis{stroke:#8c959f}.tick{font-size:11px;fill:#57606a}.legend{font-size:11px;font-weight:600}
pre{white-space:pre-wrap;background:#f6f8fa;padding:8px;border-radius:6px}`;

function figure(name: string, value: string, testid: string): string {
  return `<div class="figure" data-testid="${testid}">${escapeHtml(name)}<b>${escapeHtml(value)}</b></div>`;
}

function percentileRow(label: string, figures: Percentiles, extra = ''): string {
  const cells = [figures.count, ms(figures.p50), ms(figures.p90), ms(figures.p95), ms(figures.p99), ms(figures.max)];
  return `<tr><td>${escapeHtml(label)}</td>${cells.map((cell) => `<td>${escapeHtml(String(cell))}</td>`).join('')}${extra}</tr>`;
}

function charts(summary: LoadSummary): string {
  return loadCharts(summary)
    .map(
      ({ id, svg, caption }) =>
        `<figure data-chart="${id}">${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`,
    )
    .join('\n');
}

function stepsTable(summary: LoadSummary): string {
  const rows = summary.steps
    .slice(0, 20)
    .map((step, i) => percentileRow(`#${i + 1} ${step.step}`, step, `<td>${step.unanswered}</td>`));
  return `<table data-testid="steps"><tr><th>step</th><th>n</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th><th>no answer</th></tr>${rows.join('')}</table>`;
}

function listSection(title: string, testid: string, items: string[], none: string): string {
  const body =
    items.length === 0
      ? `<p>${escapeHtml(none)}</p>`
      : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<h2>${escapeHtml(title)}</h2><div data-testid="${testid}">${body}</div>`;
}

function details(summary: LoadSummary): string {
  const { webhooks, rejected, duplicates, failures, cpu } = summary;
  return [
    listSection(
      `Expectation failures: ${failures.count}`,
      'failures',
      failures.first.map((f) => `${f.conversation} › ${f.step} (${f.file}:${f.line}): ${f.message}`),
      'None.',
    ),
    listSection(
      `Bot requests refused by the emulator: ${rejected.count} of ${rejected.of}`,
      'rejected',
      rejected.reasons.map(
        (r) => `${r.count} × ${r.status ?? 'dropped'} ${r.operation ?? ''}${r.reason ? `: ${r.reason}` : ''}`,
      ),
      'None.',
    ),
    `<h2>Webhook deliveries</h2><p data-testid="webhooks">${webhooks.attempts} attempts, ${webhooks.failed} failed, ${webhooks.retries} retries, ${webhooks.givenUp} given up; latency from the step: p50 ${ms(webhooks.latency.p50)}, p95 ${ms(webhooks.latency.p95)}, max ${ms(webhooks.latency.max)}${webhooks.complete ? '' : ' (incomplete: the live event stream was not followed throughout)'}</p>`,
    listSection(
      `Contacts answered twice for one step: ${duplicates.count}${summary.redeliver > 0 ? ` (${duplicates.redelivered} events delivered twice)` : ''}`,
      'duplicates',
      duplicates.contacts.map((d) => `${d.contact} — ${d.conversation} › ${d.step}`),
      'None.',
    ),
    `<h2>Where the limit was</h2><p data-testid="cpu">This process used ${Math.round(cpu.process * 100)}% of a core${cpu.emulatorInProcess ? ' (the generator and the emulator it started)' : ' (the generator)'}; its event loop was busy ${Math.round(cpu.eventLoop * 100)}% of the run: ${escapeHtml(cpu.verdict)}.</p>`,
  ].join('\n');
}

function thresholds(summary: LoadSummary): string {
  const rows = summary.thresholds.map(
    (t) =>
      `<tr><td class="${t.passed ? 'pass' : 'fail'}">${t.passed ? '✓' : '✗'} ${escapeHtml(t.name)} ${escapeHtml(t.limit)}</td><td>${escapeHtml(t.value)}</td></tr>`,
  );
  return `<table data-testid="thresholds"><tr><th>threshold</th><th>measured</th></tr>${rows.join('')}</table>`;
}

export function htmlReport(summary: LoadSummary): string {
  const { contacts, answerTime } = summary;
  const verdict = summary.passed ? '<span class="pass">passed</span>' : '<span class="fail">failed</span>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Load run: ${contacts.started} contacts</title><style>${CSS}</style></head>
<body>
<h1>Load run ${verdict}</h1>
<p>${contacts.started} contacts in ${ms(summary.durationMs)} (${escapeHtml(summary.arrival)})${summary.redeliver > 0 ? `, ${Math.round(summary.redeliver * 1000) / 10}% of the events delivered twice` : ''}.</p>
<div class="figures">
${figure('contacts', String(contacts.started), 'contacts')}${figure('failed', String(contacts.failed), 'failed')}${figure('answer p50', ms(answerTime.p50), 'p50')}${figure('answer p95', ms(answerTime.p95), 'p95')}${figure('answer p99', ms(answerTime.p99), 'p99')}${figure('answer max', ms(answerTime.max), 'max')}${figure('duplicates', String(summary.duplicates.count), 'duplicates-count')}
</div>
<h2>Thresholds</h2>
${thresholds(summary)}
<h2>Charts</h2>
<div class="charts">
${charts(summary)}
</div>
<h2>Steps, slowest first</h2>
${stepsTable(summary)}
${details(summary)}
</body></html>
`;
}
