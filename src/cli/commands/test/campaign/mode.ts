// `chatbot test --load`: the conversation files as a load test. Runs the plan, shows live progress on a terminal,
// then prints the summary (or --json's one document), writes --report, and fails (exit 1) when a threshold fails.
import { writeFileSync } from 'node:fs';
import { CliError, ExitCode, InterruptedError } from '../../../../errors.js';
import type { Context } from '../../../context.js';
import { formatMs } from '../durations.js';
import type { Suite } from '../file-types.js';
import type { RunDeps } from '../run/conversation-state.js';
import type { CheckedPlan } from './plan.js';
import type { Recorder } from './recorder.js';
import { runLoad } from './run.js';
import { percentile } from './stats.js';
import { summarize, type LoadSummary } from './summary.js';
import { loadSummaryLines } from './text-report.js';
import { checkThresholds } from './thresholds.js';

/** A threshold failed: the summary says which. */
export class ThresholdsFailed extends CliError {
  readonly exitCode = ExitCode.failed;
}

const PROGRESS_MS = 250;
const RECENT_ANSWERS = 200;

function progressText(recorder: Recorder): string {
  const done = recorder.done.length;
  const failing = recorder.failures.length;
  const recent = recorder.answers
    .slice(-RECENT_ANSWERS)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  const p95 = percentile(recent, 95);
  return `running ${recorder.running} · done ${done} · failing ${failing} · p95 ${p95 === null ? '—' : formatMs(p95)}`;
}

function measuredOf(summary: Omit<LoadSummary, 'thresholds' | 'passed'>) {
  const { answerTime, contacts, duplicates, rejected } = summary;
  return {
    time: { p50: answerTime.p50, p90: answerTime.p90, p95: answerTime.p95, p99: answerTime.p99, max: answerTime.max },
    counts: {
      errors: { count: contacts.failed, of: contacts.started },
      duplicates: { count: duplicates.count, of: contacts.started },
      rejected: { count: rejected.count, of: rejected.of },
    },
  };
}

/** Runs the load test on a prepared session and reports it. */
export async function runLoadMode(
  ctx: Context,
  suite: Suite,
  plan: CheckedPlan,
  deps: Omit<RunDeps, 'observer'>,
  session: { url: string; own: boolean },
  reportFile: string | undefined,
): Promise<void> {
  let progress: ReturnType<Context['out']['progressBar']>;
  const run = await runLoad(suite.conversations, plan, deps, session, (recorder) => {
    progress ??= ctx.out.json ? undefined : ctx.out.progressBar(() => progressText(recorder), PROGRESS_MS);
  }).finally(() => progress?.stop());
  const figures = summarize({
    recorder: run.recorder,
    arrival: plan.description,
    durationMs: run.durationMs,
    redeliver: plan.redeliver,
    redelivered: run.redelivered,
    liveComplete: run.liveComplete,
    cpu: run.cpu,
  });
  const thresholds = checkThresholds(plan.thresholds, measuredOf(figures));
  const summary: LoadSummary = { ...figures, thresholds, passed: thresholds.every((result) => result.passed) };
  if (ctx.out.json) ctx.out.document(summary);
  else {
    const lines = loadSummaryLines(summary, run.recorder.failures.slice(0, 3), ctx.out.style);
    ctx.out.raw(`${ctx.out.redact(lines.join('\n'))}\n`);
  }
  if (reportFile !== undefined) {
    const { htmlReport } = await import('./html-report.js');
    writeFileSync(reportFile, ctx.out.redact(htmlReport(summary)));
    ctx.out.info(`Report: ${reportFile}`);
  }
  if (deps.signal.aborted) throw new InterruptedError('Stopped (Ctrl-C): the summary covers the contacts run so far');
  const failed = thresholds
    .filter((result) => !result.passed)
    .map((result) => `${result.name} ${result.limit} (${result.value})`);
  if (failed.length > 0) throw new ThresholdsFailed(`Thresholds failed: ${failed.join(', ')}`);
}
