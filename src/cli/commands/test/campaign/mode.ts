// `chatbot test --load`: the conversation files as a load test. Runs the plan, shows live progress on a terminal,
// then prints the summary (or --json's one document), writes --report, and fails (exit 1) when a threshold fails.
// The emulator's console shows the same figures while the run goes (console-figures.ts).
import { writeFileSync } from 'node:fs';
import { CliError, ExitCode, InterruptedError } from '../../../../errors.js';
import type { Context } from '../../../context.js';
import { formatMs } from '../durations.js';
import type { Suite } from '../file-types.js';
import type { RunDeps } from '../run/conversation-state.js';
import type { CheckedPlan } from './plan.js';
import type { Recorder } from './recorder.js';
import { ConsoleFigures, figuresNow } from './console-figures.js';
import { runLoad, type RunView } from './run.js';
import { summarize, type LoadSummary } from './summary.js';
import { loadSummaryLines } from './text-report.js';
import { checkThresholds } from './thresholds.js';

/** A threshold failed: the summary says which. */
export class ThresholdsFailed extends CliError {
  readonly exitCode = ExitCode.failed;
}

const PROGRESS_MS = 250;

function progressText(recorder: Recorder): string {
  const now = figuresNow(recorder, Date.now() - recorder.startedAt);
  const p95 = now.p95 === null ? '—' : formatMs(now.p95);
  return `running ${now.running} · done ${now.done} · failing ${now.failing} · p95 ${p95} · ${now.answersPerSecond} answers/s`;
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

/** The summary with its thresholds checked (while the run goes: as they stand so far). */
function checked(plan: CheckedPlan, figures: Omit<LoadSummary, 'thresholds' | 'passed'>): LoadSummary {
  const thresholds = checkThresholds(plan.thresholds, measuredOf(figures));
  return { ...figures, thresholds, passed: thresholds.every((result) => result.passed) };
}

/** The figures so far, for the console: the CPU share is measured once the run ends. */
function summarySoFar(view: RunView, plan: CheckedPlan, own: boolean): LoadSummary {
  const verdict = 'measured when the run ends';
  return checked(
    plan,
    summarize({
      recorder: view.recorder,
      arrival: plan.description,
      durationMs: Date.now() - view.recorder.startedAt,
      redeliver: plan.redeliver,
      redelivered: view.redelivered(),
      liveComplete: view.liveComplete(),
      cpu: { process: 0, eventLoop: 0, emulatorInProcess: own, verdict },
    }),
  );
}

/** Runs the load test on a prepared session and reports it; the emulator's console shows it as it goes. */
export async function runLoadMode(
  ctx: Context,
  suite: Suite,
  plan: CheckedPlan,
  deps: Omit<RunDeps, 'observer'>,
  session: { url: string; own: boolean },
  reportFile: string | undefined,
): Promise<void> {
  let progress: ReturnType<Context['out']['progressBar']>;
  let board: ConsoleFigures | undefined;
  const run = await runLoad(suite.conversations, plan, deps, session, (view) => {
    progress = ctx.out.json ? undefined : ctx.out.progressBar(() => progressText(view.recorder), PROGRESS_MS);
    board = new ConsoleFigures(deps.control, view.recorder, {
      redact: (text) => ctx.out.redact(text),
      warn: (message) => ctx.out.warn(message),
    });
    board.start(() => summarySoFar(view, plan, session.own));
  }).finally(() => {
    progress?.stop();
    board?.stop();
  });
  const summary = checked(
    plan,
    summarize({
      recorder: run.recorder,
      arrival: plan.description,
      durationMs: run.durationMs,
      redeliver: plan.redeliver,
      redelivered: run.redelivered,
      liveComplete: run.liveComplete,
      cpu: run.cpu,
    }),
  );
  await board?.finish(deps.signal.aborted ? 'stopped' : 'done', summary);
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
  const failed = summary.thresholds
    .filter((result) => !result.passed)
    .map((result) => `${result.name} ${result.limit} (${result.value})`);
  if (failed.length > 0) throw new ThresholdsFailed(`Thresholds failed: ${failed.join(', ')}`);
}
