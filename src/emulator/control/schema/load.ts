// A load run's figures (POST /__emulator/load, GET /__emulator/load, the `load` live event): what `chatbot test
// --load` posts, checked on arrival so that the console never renders figures of the wrong shape.
import * as v from 'valibot';
import { bool, count, int, share, str } from './base.js';

const ms = share;
const msOrNone = v.nullable(ms);

const PercentileFields = { count, p50: msOrNone, p90: msOrNone, p95: msOrNone, p99: msOrNone, max: msOrNone };

/** Answer times in ms of a load run: over the run, or of one step (null: no answer to measure). */
export const LoadPercentiles = v.object(PercentileFields);

/** One step of the load run's conversations. */
export const LoadStepFigures = v.object({
  ...PercentileFields,
  /** `<conversation> › <number> <label>` */
  step: str,
  /** Its expectations that got no message in time. */
  unanswered: count,
});

/**
 * One second of the run: contacts arriving, answers (by their step's start), contacts done, answer time. In what a
 * long run posts to the emulator a row spans several seconds (from `second` to the next row's): its counts are then
 * rates per second.
 */
export const LoadSecond = v.object({
  second: count,
  arrivals: share,
  answers: share,
  done: share,
  p50: msOrNone,
  p95: msOrNone,
});

/** How many answers took from `fromMs` to under `toMs`. */
export const LoadBucket = v.object({ fromMs: ms, toMs: ms, count });

/** A contact whose conversation failed: where, and why. */
export const LoadFailure = v.object({ conversation: str, file: str, step: str, line: int, message: str });

/** Where the limit was: the load generator's CPU over the run. */
export const LoadCpu = v.object({
  /** CPU time of the generator's process, as a share of one core (with the emulator's when it ran in that process). */
  process: share,
  /** The share of the run the generator's event loop was busy. */
  eventLoop: share,
  /** Whether the emulator ran in the generator's process. */
  emulatorInProcess: bool,
  /** What the figures say about where the limit was. */
  verdict: str,
});

/** One threshold (`--max`) against what the run measured. */
export const LoadThreshold = v.object({
  name: str,
  /** `≤ 2s`, `≤ 1%` */
  limit: str,
  value: str,
  passed: bool,
});

const RejectReason = v.object({
  status: v.nullable(int),
  operation: v.nullable(str),
  reason: v.nullable(str),
  count,
});

/** A load run's figures: what `chatbot test --load --json` prints, and its summary table and HTML report show. */
export const LoadSummary = v.object({
  /** The arrival phases, as words. */
  arrival: str,
  durationMs: ms,
  /** The share of contact events delivered twice on purpose (`--redeliver`), 0 to 1. */
  redeliver: share,
  contacts: v.object({ started: count, passed: count, failed: count }),
  answerTime: v.object({ ...PercentileFields, unanswered: count }),
  /** Slowest first (by p95). */
  steps: v.array(LoadStepFigures),
  histogram: v.array(LoadBucket),
  timeline: v.array(LoadSecond),
  failures: v.object({ count, first: v.array(LoadFailure) }),
  /** The bot's requests the emulator refused, of all it made, grouped by status, operation and reason. */
  rejected: v.object({ count, of: count, reasons: v.array(RejectReason) }),
  webhooks: v.object({
    /** Whether every attempt was heard (the live event stream was followed throughout). */
    complete: bool,
    attempts: count,
    failed: count,
    retries: count,
    givenUp: count,
    latency: LoadPercentiles,
  }),
  /** Contacts answered twice for one step. */
  duplicates: v.object({
    count,
    redelivered: count,
    contacts: v.array(v.object({ contact: str, conversation: str, step: str })),
  }),
  cpu: LoadCpu,
  thresholds: v.array(LoadThreshold),
  passed: bool,
});

export const LoadRunState = v.picklist(['running', 'done', 'stopped']);

/**
 * A `chatbot test --load` run as its runner last posted it (POST /__emulator/load): while it runs (`running`, the
 * figures so far, thresholds as they stand), and once it ended (`done`, or `stopped` by Ctrl-C: the end summary).
 */
export const LoadRun = v.object({
  /** The run's id, the runner's choice: another id is another run, which replaces this one. */
  run: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  state: LoadRunState,
  /** When the run started, ISO 8601 (the runner's clock). */
  startedAt: str,
  /** ms since the start, when posted. */
  elapsedMs: ms,
  /** What the runner's terminal line shows: contacts running now, answer-time p95 of the latest answers, throughput. */
  now: v.object({
    running: count,
    /** p95 of the latest 200 answers (ms). */
    p95: msOrNone,
    /** Answers per second over the last seconds. */
    answersPerSecond: share,
  }),
  /** The figures so far; at the end, the summary the runner printed (lists cut to their first rows). */
  summary: LoadSummary,
});
