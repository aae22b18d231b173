// A load run's figures for the emulator's console: what the terminal line shows (contacts running, done, failing,
// answer-time p95 of the latest answers, answers a second) and the summary so far, posted to POST /__emulator/load
// every tick while the run goes and once at its end. The emulator keeps the latest and sends it to its console: the
// emulator stays the one source of what the console shows. A post that fails never stops the run.
import { randomUUID } from 'node:crypto';
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import type { LoadRun, LoadRunState } from '../../../../emulator/control/types.js';
import type { Recorder } from './recorder.js';
import { percentile } from './stats.js';
import { timeline, type LoadSummary } from './summary.js';

const RECENT_ANSWERS = 200;
const THROUGHPUT_WINDOW_MS = 5000;
/** How often the figures are posted while the run goes. */
export const POST_MS = 500;
/** The lists the console shows are cut to their first rows (the counts stay whole). */
const ROWS = 20;
/** A long run's timeline is posted in at most this many rows (each then spans several seconds). */
const TIMELINE_ROWS = 120;

/** The figures the terminal line and the console show as the run goes. */
export interface FiguresNow {
  running: number;
  done: number;
  failing: number;
  /** p95 of the latest answers (ms). */
  p95: number | null;
  answersPerSecond: number;
}

/** The figures now; `elapsedMs` since the run started. */
export function figuresNow(recorder: Recorder, elapsedMs: number): FiguresNow {
  const recent = recorder.answers
    .slice(-RECENT_ANSWERS)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  // An answer came when its step started plus its answer time.
  const since = elapsedMs - THROUGHPUT_WINDOW_MS;
  const lately = recorder.answers.filter((answer) => answer.at + answer.ms > since).length;
  const window = Math.min(THROUGHPUT_WINDOW_MS, Math.max(1000, elapsedMs)) / 1000;
  return {
    running: recorder.running,
    done: recorder.done.length,
    failing: recorder.failures.length,
    p95: percentile(recent, 95),
    answersPerSecond: Math.round((lately / window) * 10) / 10,
  };
}

/** The summary with its lists cut to their first rows, its timeline to TIMELINE_ROWS, every string masked. */
function forConsole(summary: LoadSummary, recorder: Recorder, redact: (text: string) => string): LoadSummary {
  const cut: LoadSummary = {
    ...summary,
    timeline: timeline(recorder, summary.durationMs, TIMELINE_ROWS),
    steps: summary.steps.slice(0, ROWS),
    rejected: { ...summary.rejected, reasons: summary.rejected.reasons.slice(0, ROWS) },
    duplicates: { ...summary.duplicates, contacts: summary.duplicates.contacts.slice(0, ROWS) },
  };
  return masked(cut, redact);
}

function masked<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => masked(item, redact)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, masked(item, redact)])) as T;
  return value;
}

/** Posts a run's figures to the emulator: at most one post in flight, the latest figures each time. */
export class ConsoleFigures {
  private readonly run = randomUUID();
  private readonly startedAt = new Date().toISOString();
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | undefined;
  private failed = false;

  constructor(
    private readonly control: EmulatorControl,
    private readonly recorder: Recorder,
    private readonly options: {
      redact: (text: string) => string;
      /** Told once when a post fails (the console will not show the run). */
      warn: (message: string) => void;
    },
  ) {}

  /** Posts `summary()` every POST_MS until finish(). */
  start(summary: () => LoadSummary): void {
    this.timer = setInterval(() => {
      if (!this.inFlight && !this.failed)
        this.inFlight = this.post('running', summary()).finally(() => (this.inFlight = undefined));
    }, POST_MS);
    this.timer.unref();
  }

  /** Stops the ticks and posts the end summary (`stopped` after Ctrl-C). */
  async finish(state: Exclude<LoadRunState, 'running'>, summary: LoadSummary): Promise<void> {
    this.stop();
    await this.inFlight;
    if (!this.failed) await this.post(state, summary);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async post(state: LoadRunState, summary: LoadSummary): Promise<void> {
    const elapsedMs = Date.now() - this.recorder.startedAt;
    const now = figuresNow(this.recorder, elapsedMs);
    const run: LoadRun = {
      run: this.run,
      state,
      startedAt: this.startedAt,
      elapsedMs,
      now: { running: now.running, p95: now.p95, answersPerSecond: now.answersPerSecond },
      summary: forConsole(summary, this.recorder, this.options.redact),
    };
    try {
      await this.control.postLoad(run);
    } catch (error) {
      this.failed = true;
      const why = error instanceof Error ? error.message : String(error);
      this.options.warn(
        `The emulator's console will not show this run: posting its figures to /__emulator/load failed (${why}); the run goes on (an emulator older than this CLI has no such route: update it)`,
      );
    }
  }
}
