// A load run's figures as `chatbot test --load` posts them to POST /__emulator/load, for tests of the route and of
// the console's state.
import type { LoadRun } from '../../src/emulator/control/types.js';

export function loadRun(overrides: Partial<LoadRun> = {}): LoadRun {
  const none = { count: 0, p50: null, p90: null, p95: null, p99: null, max: null };
  return {
    run: 'run-1',
    state: 'running',
    startedAt: '2030-01-01T12:00:00.000Z',
    elapsedMs: 1500,
    now: { running: 3, p95: 42, answersPerSecond: 2.5 },
    summary: {
      arrival: '2/s for 10 s',
      durationMs: 1500,
      redeliver: 0,
      contacts: { started: 3, passed: 0, failed: 0 },
      answerTime: { count: 2, p50: 20, p90: 42, p95: 42, p99: 42, max: 42, unanswered: 0 },
      steps: [{ step: 'eco › 1 say "oi"', count: 2, p50: 20, p90: 42, p95: 42, p99: 42, max: 42, unanswered: 0 }],
      histogram: [{ fromMs: 16, toMs: 32, count: 1 }],
      timeline: [{ second: 0, arrivals: 2, answers: 2, done: 0, p50: 20, p95: 42 }],
      failures: { count: 0, first: [] },
      rejected: { count: 0, of: 2, reasons: [] },
      webhooks: { complete: true, attempts: 3, failed: 0, retries: 0, givenUp: 0, latency: none },
      duplicates: { count: 0, redelivered: 0, contacts: [] },
      cpu: { process: 0, eventLoop: 0, emulatorInProcess: false, verdict: 'measured when the run ends' },
      thresholds: [{ name: 'errors', limit: '≤ 0', value: '0', passed: true }],
      passed: true,
    },
    ...overrides,
  };
}
