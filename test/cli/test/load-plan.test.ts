// What a load run is asked to do: arrival phases, thresholds, --redeliver's share, the conversations' weights and a
// file's `load:` section, each read and checked before anything starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { arrivalTimes, parseArrival } from '../../../src/cli/commands/test/campaign/arrival.js';
import { weightedPicker } from '../../../src/cli/commands/test/campaign/contacts.js';
import { loadPlanOf } from '../../../src/cli/commands/test/campaign/plan.js';
import { parseShare } from '../../../src/cli/commands/test/campaign/redeliver.js';
import { Recorder } from '../../../src/cli/commands/test/campaign/recorder.js';
import { percentiles } from '../../../src/cli/commands/test/campaign/stats.js';
import { timeline } from '../../../src/cli/commands/test/campaign/summary.js';
import { checkThresholds, parseThresholds } from '../../../src/cli/commands/test/campaign/thresholds.js';
import { loadSuite } from '../../../src/cli/commands/test/load/suite.js';

const dir = mkdtempSync(join(tmpdir(), 'chatbot-load-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function suiteOf(text: string) {
  const file = join(dir, `plan-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  return loadSuite([file]);
}

describe('arrival', () => {
  it('reads phases with the test files’ durations, and spaces each phase’s contacts evenly', () => {
    expect(parseArrival('5/s:2s, 50/s:100ms,1/s', '--arrival')).toEqual([
      { rate: 5, durationMs: 2000 },
      { rate: 50, durationMs: 100 },
      { rate: 1, durationMs: undefined },
    ]);
    expect(arrivalTimes(parseArrival('5/s:1s,10/s:300ms', 'x'), undefined)).toEqual([
      0, 200, 400, 600, 800, 1000, 1100, 1200,
    ]);
    expect(arrivalTimes(parseArrival('2/s', 'x'), 3)).toEqual([0, 500, 1000]);
    expect(arrivalTimes([], 4)).toEqual([0, 0, 0, 0]);
  });

  it('says what is wrong with a phase, and where it was written', () => {
    expect(() => parseArrival('5/m:30s', '--arrival')).toThrow(UsageError);
    expect(() => parseArrival('5/s:30x', '--arrival')).toThrow('--arrival: "5/s:30x" is not a phase');
    expect(() => parseArrival('5/s,6/s:1s', '--arrival')).toThrow('only the last phase may leave out its duration');
  });
});

describe('thresholds', () => {
  const measured = {
    time: { p50: 10, p90: 20, p95: 1500, p99: 2500, max: 3000 },
    counts: {
      errors: { count: 2, of: 100 },
      duplicates: { count: 0, of: 100 },
      rejected: { count: 5, of: 10 },
    },
  };

  it('checks durations against the answer time and counts or shares against their totals', () => {
    const results = checkThresholds(
      parseThresholds('p95=2s,p99=2s,errors=1%,errors=2,duplicates=0,rejected=50%'),
      measured,
    );
    expect(results.map((result) => [result.name, result.passed])).toEqual([
      ['p95', true],
      ['p99', false],
      ['errors', false],
      ['errors', true],
      ['duplicates', true],
      ['rejected', true],
    ]);
    expect(results[2]?.value).toBe('2.00% (2 of 100)');
  });

  it('fails a time threshold with nothing measured, and refuses unknown measures', () => {
    const none = { ...measured, time: { p50: null, p90: null, p95: null, p99: null, max: null } };
    expect(checkThresholds(parseThresholds('p95=1s'), none)[0]).toMatchObject({ passed: false, value: 'none' });
    expect(() => parseThresholds('p42=1s')).toThrow('names no measure');
    expect(() => parseThresholds('p95=fast')).toThrow('needs a duration');
    expect(() => parseThresholds('errors=-1')).toThrow('needs a count or a share');
  });
});

it('percentiles are nearest-rank over every sample', () => {
  expect(percentiles([5, 1, 4, 2, 3])).toEqual({ count: 5, p50: 3, p90: 5, p95: 5, p99: 5, max: 5 });
  expect(percentiles([]).p95).toBeNull();
});

it('--redeliver reads a percentage or a fraction', () => {
  expect(parseShare('5%')).toBe(0.05);
  expect(parseShare('0.25')).toBe(0.25);
  expect(parseShare('120%')).toBeUndefined();
  expect(parseShare('')).toBeUndefined();
});

describe('the files', () => {
  it('weights share the contacts in a fixed, even order', () => {
    const suite = suiteOf(`device: d
conversations:
  - name: a
    weight: 3
    steps: [{ say: oi }]
  - name: b
    steps: [{ say: oi }]
`);
    const pick = weightedPicker(suite.conversations);
    expect(Array.from({ length: 8 }, () => pick().spec.name).join('')).toBe('aaba'.repeat(2));
  });

  it('a `load:` section sets the plan when the flags do not, and the flags win', () => {
    const suite = suiteOf(`device: d
load: { arrival: '2/s', contacts: 3 }
conversations:
  - name: a
    steps: [{ say: oi }]
`);
    const plan = loadPlanOf(suite, {});
    expect([plan.phases, plan.contacts, plan.redeliver]).toEqual([[{ rate: 2, durationMs: undefined }], 3, 0]);
    expect(plan.thresholds.map((threshold) => threshold.key)).toEqual(['errors', 'duplicates']);
    expect(loadPlanOf(suite, { arrival: '1/s:2s', contacts: 9, redeliver: '10%' })).toMatchObject({
      phases: [{ rate: 1, durationMs: 2000 }],
      contacts: 9,
      redeliver: 0.1,
    });
  });

  it('refuses a conversation with `clock`, saying why', () => {
    const suite = suiteOf(`device: d
conversations:
  - name: relógio
    clock: '2026-01-01T09:00:00-03:00'
    steps: [{ say: oi }]
`);
    expect(() => loadPlanOf(suite, {})).toThrow(/moves the emulator's clock with `clock`, which --load refuses/);
  });

  it('the schema refuses a weight of 0 and an arrival that is not phases', () => {
    expect(() => suiteOf('device: d\nconversations:\n  - name: a\n    weight: 0\n    steps: [{ say: oi }]\n')).toThrow(
      UsageError,
    );
    expect(() =>
      suiteOf("device: d\nload: { arrival: 'muitos' }\nconversations:\n  - name: a\n    steps: [{ say: oi }]\n"),
    ).toThrow(UsageError);
  });
});

describe('timeline', () => {
  it('has a row a second, and at most maxRows for the console, each spanning several seconds with rates per second', () => {
    const recorder = new Recorder(0);
    // 300 s of two contacts a second, each answered in 10 ms.
    for (let at = 0; at < 300_000; at += 500) {
      recorder.arrivals.push(at);
      recorder.answers.push({ at, ms: 10, step: 'eco › 1 say "oi"' });
    }
    expect(timeline(recorder, 300_000)).toHaveLength(300);
    const rows = timeline(recorder, 300_000, 120);
    expect(rows).toHaveLength(100);
    expect(rows[1]).toEqual({ second: 3, arrivals: 2, answers: 2, done: 0, p50: 10, p95: 10 });
    expect(timeline(recorder, 60_000, 120)).toHaveLength(60);
  });
});
