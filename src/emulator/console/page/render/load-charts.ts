// A load run's four charts (answer time over the run, the histogram, arrivals and throughput, the slowest steps) as
// inline SVG markup: the HTML report of `chatbot test --load --report` and the console's Load view draw these same
// charts from the same figures.
import type { LoadSummary } from '../../../control/types.js';
import { barChart, lineChart } from './svg-chart.js';

/** A duration in ms as the reports write it: `12 ms`, `1.25 s`, `—` for none. */
export function msText(value: number | null): string {
  if (value === null) return '—';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

export interface LoadChart {
  /** `answer-time`, `histogram`, `throughput`, `slowest-steps` */
  id: string;
  svg: string;
  caption: string;
}

function answerTime(summary: LoadSummary): string {
  const seconds = summary.timeline;
  return lineChart(
    'Answer time over the run (p50 and p95 of the steps started each second)',
    'answer time',
    [
      { name: 'p50', color: '#0969da', points: seconds.map((s) => [s.second, s.p50] as const) },
      { name: 'p95', color: '#cf222e', points: seconds.map((s) => [s.second, s.p95] as const) },
    ],
    msText,
  );
}

function throughput(summary: LoadSummary): string {
  const seconds = summary.timeline;
  return lineChart(
    'Arrivals and throughput per second',
    'per second',
    [
      { name: 'arrivals', color: '#9a6700', points: seconds.map((s) => [s.second, s.arrivals] as const) },
      { name: 'answers', color: '#1a7f37', points: seconds.map((s) => [s.second, s.answers] as const) },
      { name: 'contacts done', color: '#0969da', points: seconds.map((s) => [s.second, s.done] as const) },
    ],
    (value) => String(Math.round(value)),
  );
}

/** The charts in the order the report shows them. */
export function loadCharts(summary: LoadSummary): LoadChart[] {
  const histogram = barChart(
    'Answer times: how many in each range',
    'answers',
    summary.histogram.map((bucket) => ({ label: `< ${msText(bucket.toMs)}`, value: bucket.count })),
    '#8250df',
  );
  const slowest = barChart(
    'Slowest steps by p95',
    'p95 (ms)',
    summary.steps.slice(0, 10).map((step, i) => ({ label: `#${i + 1}`, value: step.p95 ?? 0 })),
    '#bc4c00',
  );
  return [
    {
      id: 'answer-time',
      svg: answerTime(summary),
      caption: 'Answer time over the run: p50 (blue) and p95 (red) of the steps started each second',
    },
    { id: 'histogram', svg: histogram, caption: 'How many answers took each time (ranges doubling from 1 ms)' },
    {
      id: 'throughput',
      svg: throughput(summary),
      caption: 'Contacts arriving, answers (by their step’s second) and contacts done, per second',
    },
    { id: 'slowest-steps', svg: slowest, caption: 'The slowest steps by p95, numbered as in the table below' },
  ];
}
