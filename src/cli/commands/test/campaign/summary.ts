// A load run's figures as one document: what `--json` prints, what the summary table and the HTML report show.
import { stepLabel } from '../run/labels.js';
import type { ConversationResult } from '../run/results.js';
import type { Recorder } from './recorder.js';
import { histogram, percentiles } from './stats.js';
import type {
  LoadCpu,
  LoadFailure,
  LoadSecond,
  LoadStepFigures,
  LoadSummary as ControlLoadSummary,
} from '../../../../emulator/control/types.js';

// The document's shape is the control API's (the emulator's console shows the same figures while a run goes).
export type StepFigures = LoadStepFigures;
export type Second = LoadSecond;
export type FailureFigure = LoadFailure;
export type CpuFigures = LoadCpu;
export type LoadSummary = ControlLoadSummary;

const FIRST_FAILURES = 3;

function failureFigure(result: ConversationResult): FailureFigure {
  const step = result.steps.find((candidate) => candidate.status === 'failed');
  return {
    conversation: result.conversation.spec.name,
    file: result.conversation.file,
    step: step ? `${step.number} ${step.label}` : '',
    line: step?.line ?? 0,
    message: step?.failure?.message ?? '',
  };
}

function stepFigures(recorder: Recorder): StepFigures[] {
  const byStep = new Map<string, number[]>();
  for (const answer of recorder.answers) {
    let list = byStep.get(answer.step);
    if (!list) byStep.set(answer.step, (list = []));
    list.push(answer.ms);
  }
  for (const step of recorder.unanswered.keys()) if (!byStep.has(step)) byStep.set(step, []);
  return [...byStep]
    .map(([step, values]) => ({ step, ...percentiles(values), unanswered: recorder.unanswered.get(step) ?? 0 }))
    .sort((a, b) => (b.p95 ?? 0) - (a.p95 ?? 0));
}

/**
 * Per second of the run: arrivals, answers (by their step's start), contacts done, and answer-time p50/p95. With
 * `maxRows`, a long run's rows span several seconds each (counts as rates per second), so that there are at most that many.
 */
export function timeline(recorder: Recorder, durationMs: number, maxRows = Infinity): Second[] {
  const seconds = Math.max(1, Math.ceil(durationMs / 1000));
  const width = Math.max(1, Math.ceil(seconds / maxRows));
  const count = Math.ceil(seconds / width);
  const rows = Array.from({ length: count }, (_, i) => ({
    second: i * width,
    arrivals: 0,
    answers: [] as number[],
    done: 0,
  }));
  const row = (at: number) => rows[Math.min(count - 1, Math.max(0, Math.floor(at / 1000 / width)))] ?? rows[0];
  for (const at of recorder.arrivals) {
    const target = row(at);
    if (target) target.arrivals += 1;
  }
  for (const answer of recorder.answers) row(answer.at)?.answers.push(answer.ms);
  for (const done of recorder.done) {
    const target = row(done.at);
    if (target) target.done += 1;
  }
  const rate = (n: number) => (width === 1 ? n : Math.round((n / width) * 10) / 10);
  return rows.map(({ second, arrivals, answers, done }) => {
    const { p50, p95 } = percentiles(answers);
    return { second, arrivals: rate(arrivals), answers: rate(answers.length), done: rate(done), p50, p95 };
  });
}

function rejected(recorder: Recorder): LoadSummary['rejected'] {
  const groups = new Map<string, LoadSummary['rejected']['reasons'][number]>();
  for (const entry of recorder.rejections) {
    const key = `${entry.status} ${entry.operation} ${entry.reason}`;
    const group = groups.get(key) ?? {
      status: entry.status,
      operation: entry.operation,
      reason: entry.reason,
      count: 0,
    };
    group.count += 1;
    groups.set(key, group);
  }
  const reasons = [...groups.values()].sort((a, b) => b.count - a.count);
  return { count: recorder.rejections.length, of: recorder.serviceRequests, reasons };
}

function webhooks(recorder: Recorder, complete: boolean): LoadSummary['webhooks'] {
  const ours = recorder.attempts.filter((attempt) => recorder.events.has(attempt.idMessagem));
  const firstOk = new Map<number, number>();
  const latencies: number[] = [];
  for (const attempt of ours) {
    const event = recorder.events.get(attempt.idMessagem);
    if (!attempt.ok || !event || firstOk.has(attempt.entrega)) continue;
    firstOk.set(attempt.entrega, attempt.em);
    if (attempt.tentativa >= 1) latencies.push(Math.max(0, attempt.em - recorder.clockOffsetMs - event.at));
  }
  return {
    complete,
    attempts: ours.length,
    failed: ours.filter((attempt) => !attempt.ok).length,
    retries: ours.filter((attempt) => attempt.tentativa > 1).length,
    givenUp: ours.filter((attempt) => attempt.givenUp).length,
    latency: percentiles(latencies),
  };
}

function duplicates(recorder: Recorder, redelivered: number): LoadSummary['duplicates'] {
  const contacts: LoadSummary['duplicates']['contacts'] = [];
  for (const state of recorder.states) {
    const steps = new Set(state.repeats.map((repeat) => repeat.stepIndex));
    for (const index of steps) {
      const spec = state.conversation.spec.steps[index];
      const label = spec ? stepLabel(spec) : '';
      contacts.push({
        contact: `+${[...state.people.values()][0] ?? ''}`,
        conversation: state.conversation.spec.name,
        step: `${index + 1} ${label}`,
      });
    }
  }
  return { count: new Set(contacts.map((entry) => entry.contact)).size, redelivered, contacts };
}

export interface SummaryInputs {
  recorder: Recorder;
  arrival: string;
  durationMs: number;
  redeliver: number;
  redelivered: number;
  liveComplete: boolean;
  cpu: CpuFigures;
}

/** Everything but the thresholds, which are checked against it. */
export function summarize(inputs: SummaryInputs): Omit<LoadSummary, 'thresholds' | 'passed'> {
  const { recorder } = inputs;
  const failed = recorder.done.filter((done) => done.failed).length;
  const unanswered = [...recorder.unanswered.values()].reduce((sum, n) => sum + n, 0);
  return {
    arrival: inputs.arrival,
    durationMs: inputs.durationMs,
    redeliver: inputs.redeliver,
    contacts: { started: recorder.arrivals.length, passed: recorder.done.length - failed, failed },
    answerTime: { ...percentiles(recorder.answers.map((answer) => answer.ms)), unanswered },
    steps: stepFigures(recorder),
    histogram: histogram(recorder.answers.map((answer) => answer.ms)),
    timeline: timeline(recorder, inputs.durationMs),
    failures: { count: recorder.failures.length, first: recorder.failures.slice(0, FIRST_FAILURES).map(failureFigure) },
    rejected: rejected(recorder),
    webhooks: webhooks(recorder, inputs.liveComplete),
    duplicates: duplicates(recorder, inputs.redelivered),
    cpu: inputs.cpu,
  };
}
