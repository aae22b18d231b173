// One duration grammar (src/duration.ts) everywhere a length of time is given: every flag, conversation-file field and
// control route that takes one is listed here, the list is checked against the command tree, and the same cases run
// through each place (in-process, against a real emulator over HTTP where the place is a route or a handler).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Node } from '../../src/cli/command.js';
import { COMMAND_REGISTRY } from '../../src/cli/command-registry.js';
import type { AnyFlag } from '../../src/cli/flags.js';
import { GLOBAL_FLAGS } from '../../src/cli/global-flags.js';
import { testCommand } from '../../src/cli/commands/test/test-command.js';
import { pairCommand } from '../../src/cli/commands/pair/pair-command.js';
import { emulatorStartCommand } from '../../src/cli/commands/emulator/start-command.js';
import { faultAddCommand } from '../../src/cli/commands/emulator/fault/add-command.js';
import { devCommand } from '../../src/cli/commands/emulator/dev/dev-command.js';
import { resolveScheduleTime } from '../../src/cli/commands/send/schedule-time.js';
import { loadSuite } from '../../src/cli/commands/test/load/suite.js';
import { durationMs } from '../../src/cli/commands/test/durations.js';
import { parseArrival } from '../../src/cli/commands/test/campaign/arrival.js';
import { loadPlanOf } from '../../src/cli/commands/test/campaign/plan.js';
import { parseThresholds } from '../../src/cli/commands/test/campaign/thresholds.js';
import type { StepSpec } from '../../src/cli/commands/test/file-types.js';
import type { BareNumber } from '../../src/duration.js';
import { useEmulatorSandbox } from './support/harness.js';

const GRAMMAR = 'is not a duration: use 500ms, 90s, 15m, 2h, 1d or combinations like 1h30m';

/** Text the grammar reads, and its milliseconds. */
const ACCEPTED: readonly (readonly [string, number])[] = [
  ['500ms', 500],
  ['20S', 20_000],
  ['1s500ms', 1500],
  ['90s', 90_000],
  ['15m', 900_000],
  ['2h', 7_200_000],
  ['1d', 86_400_000],
  ['1h30m', 5_400_000],
  ['1m30s500ms', 90_500],
  ['1H30M', 5_400_000],
];
const REFUSED = ['1x', '1.5h', '-5m', '10 minutes', 'm10', 'ms', '1h 30m', '3 s'];
const BARE = '250';

/** What a place did with a text: the milliseconds it read (give or take `slack` more), or the error it gave. */
type Outcome = { ms: number; slack?: number } | { error: string };

interface Place {
  bare: BareNumber;
  /** A control route's field: its refusal is a 400 naming it (the control API answers in the service's language). */
  field?: string;
  /** The longest it takes, and the words of its refusal beyond that. */
  max?: { ms: number; says: string };
  read(text: string): Promise<Outcome> | Outcome;
}

function outcome(read: () => number): Outcome {
  try {
    return { ms: read() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A flag of a definition, read by its own parser; `perMs` turns its value into milliseconds. */
function parsedFlag(definition: AnyFlag, bare: BareNumber): Place {
  const perMs = bare === 'seconds' ? 1000 : 1;
  return { bare, read: (text) => outcome(() => Number(definition.parse?.(text, undefined)) * perMs) };
}

const scratch = mkdtempSync(join(tmpdir(), 'chatbot-durations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/** A conversation file whose second step carries `field: text`, loaded as `chatbot test` loads it. */
function fileField(field: 'within' | 'nothing' | 'advance' | 'wait'): Place {
  const step = (text: string) =>
    field === 'within' ? { expect: 'oi', within: text } : ({ [field]: text } as Record<string, string>);
  return {
    bare: 'ms',
    ...(field !== 'advance' && { max: { ms: 30_000, says: `\`${field}\` is at most 30s` } }),
    read: (text) => {
      files += 1;
      const file = join(scratch, `${field}-${files}.json`);
      writeFileSync(
        file,
        JSON.stringify({ device: 'loja', conversations: [{ name: 'c', steps: [{ say: 'oi' }, step(text)] }] }),
      );
      return outcome(() => {
        const loaded = loadSuite([file]).conversations[0]?.spec.steps[1] as StepSpec;
        return durationMs(loaded[field] ?? NaN);
      });
    },
  };
}

/** A conversation file whose `load:` section has one arrival phase of `text`, planned as `chatbot test --load` does. */
const fileArrival: Place = {
  bare: 'ms',
  read: (text) => {
    files += 1;
    const file = join(scratch, `load-${files}.json`);
    const conversations = [{ name: 'c', steps: [{ say: 'oi' }] }];
    writeFileSync(file, JSON.stringify({ device: 'loja', load: { arrival: `5/s:${text}` }, conversations }));
    return outcome(() => loadPlanOf(loadSuite([file]), {}).phases[0]?.durationMs ?? NaN);
  },
};

const t = useEmulatorSandbox({ shared: true });

/** POSTs `body` to a control route: its answer, or the refusal as `<status> <body>`. */
async function control(
  path: string,
  body: Record<string, unknown>,
): Promise<{ answer: Record<string, unknown> } | { error: string }> {
  const answer = await fetch(`${t.emulator.url}/__emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) return { error: `${answer.status} ${await answer.text()}` };
  return { answer: (await answer.json()) as Record<string, unknown> };
}

async function clockNow(): Promise<number> {
  const answer = (await (await fetch(`${t.emulator.url}/__emulator/clock`)).json()) as { agora: string };
  return Date.parse(answer.agora);
}

/** How far a place moved the emulator's clock; the clock runs on meanwhile, by at most the real time that passed. */
async function clockMove(move: () => Promise<Outcome | undefined>): Promise<Outcome> {
  const started = performance.now();
  const before = await clockNow();
  const failed = await move();
  if (failed) return failed;
  const moved = (await clockNow()) - before;
  return { ms: moved, slack: Math.ceil(performance.now() - started) + 1 };
}

const PLACES: Readonly<Record<string, Place>> = {
  '--timeout': parsedFlag(GLOBAL_FLAGS.timeout, 'seconds'),
  'test --step-timeout': parsedFlag(testCommand.flags!.stepTimeout, 'seconds'),
  'pair --wait-timeout': parsedFlag(pairCommand.flags!.waitTimeout, 'seconds'),
  'emulator start --auto-connect': parsedFlag(emulatorStartCommand.flags!.autoConnect, 'seconds'),
  'dev --hint-after': parsedFlag(devCommand.flags!.hintAfter, 'seconds'),
  'emulator fault add --delay': parsedFlag(faultAddCommand.flags!.delay, 'ms'),
  'send schedule --in': {
    bare: 'none',
    read: (text) => {
      const now = Date.UTC(2030, 0, 1);
      const read = outcome(() => resolveScheduleTime({ in: text }, 'UTC', now).instant - now);
      // The service's times are whole seconds: a time is rounded up to the next one.
      return 'ms' in read ? { ...read, slack: 999 } : read;
    },
  },
  'emulator clock advance <duration>': {
    bare: 'ms',
    read: (text) =>
      clockMove(async () => {
        const run = await t.box.run(['emulator', 'clock', 'advance', '--', text]);
        return run.exitCode === 0 ? undefined : { error: run.stderr };
      }),
  },
  'conversation file `within`': fileField('within'),
  'conversation file `nothing`': fileField('nothing'),
  'conversation file `advance`': fileField('advance'),
  'conversation file `wait`': fileField('wait'),
  'conversation file `load.arrival` (a phase)': fileArrival,
  'test --arrival (a phase)': {
    bare: 'ms',
    read: (text) => outcome(() => parseArrival(`5/s:${text}`, '--arrival')[0]?.durationMs ?? NaN),
  },
  'test --max (a time limit)': {
    bare: 'ms',
    read: (text) =>
      outcome(() => {
        const [limit] = parseThresholds(`p95=${text}`);
        return limit && 'limitMs' in limit ? limit.limitMs : NaN;
      }),
  },
  'POST /__emulator/clock/advance `by`': {
    bare: 'ms',
    field: 'by',
    read: (text) =>
      clockMove(async () => {
        const answer = await control('clock/advance', { by: text });
        return 'error' in answer ? answer : undefined;
      }),
  },
  'POST /__emulator/faults `delayMs`': {
    bare: 'ms',
    field: 'delayMs',
    max: { ms: 120_000, says: 'Campo inválido: delayMs' },
    read: async (text) => {
      const added = await control('faults', { path: '/api/v2/ia', status: 500, delayMs: text });
      if ('error' in added) return added;
      const rule = added.answer.falha as { id: string; delayMs?: number };
      await control('faults/remove', { id: rule.id });
      return { ms: rule.delayMs ?? NaN };
    },
  },
};

/**
 * Flags whose value holds a duration inside a larger one (`--arrival 5/s:30s`, `--max p95=2s`): their placeholder
 * does not say so, so they are named here for the check against the command tree.
 */
const INSIDE_A_VALUE: Readonly<Record<string, string>> = {
  'test --arrival (a phase)': 'test --arrival',
  'test --max (a time limit)': 'test --max',
};

/** The flags and arguments of the command tree that take a length of time, by their value's placeholder. */
async function durationInputs(): Promise<string[]> {
  const timed = (value: string | undefined) => value === 'duration' || value === 'seconds';
  const walk = (nodes: readonly Node[], parent: string): string[] =>
    nodes.flatMap((node) => {
      if (node.kind === 'group') return walk(node.commands, `${parent}${node.name} `);
      const path = `${parent}${node.spec.name}`;
      const flags = Object.entries(node.spec.flags ?? {}).filter(([, definition]) => timed(definition.value));
      const args = (node.spec.args ?? []).filter((arg) => arg.name === '<duration>');
      return [
        ...flags.map(([key]) => `${path} --${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
        ...args.map((arg) => `${path} ${arg.name}`),
      ];
    });
  const folders = await Promise.all(COMMAND_REGISTRY.map((folder) => folder.load()));
  const global = Object.entries(GLOBAL_FLAGS).filter(([, definition]) => timed(definition.value));
  return [...global.map(([key]) => `--${key}`), ...folders.flatMap((nodes) => walk(nodes, ''))];
}

function expectRead(place: Place, text: string, got: Outcome, ms: number): void {
  const where = `${JSON.stringify(text)} → ${JSON.stringify(got)}`;
  if (place.max && ms > place.max.ms) {
    expect('error' in got && got.error, where).toContain(place.max.says);
    return;
  }
  if (!('ms' in got)) throw new Error(`refused ${where}`);
  expect(got.ms, where).toBeGreaterThanOrEqual(ms);
  expect(got.ms, where).toBeLessThanOrEqual(ms + (got.slack ?? 0));
}

function expectRefused(field: string | undefined, text: string, got: Outcome, bare: BareNumber): void {
  const where = `${JSON.stringify(text)} → ${JSON.stringify(got)}`;
  if (!('error' in got)) throw new Error(`accepted ${where}`);
  // The control API answers in the service's language: a 400 naming the field, which the CLI never sends it.
  if (field !== undefined) {
    expect(got.error, where).toMatch(new RegExp(`^400 .*\\b${field}\\b`));
    return;
  }
  const note = bare === 'none' ? '' : `; a bare number is ${bare === 'ms' ? 'milliseconds' : 'seconds'}`;
  expect(got.error, where).toContain(`${JSON.stringify(text)} ${GRAMMAR}${note}`);
}

describe('the duration grammar', () => {
  it('is listed here for every flag and argument of the command tree that takes a length of time', async () => {
    const listed = Object.keys(PLACES)
      .filter((name) => !name.startsWith('conversation') && !name.startsWith('POST'))
      .map((name) => INSIDE_A_VALUE[name] ?? name);
    const inside = Object.values(INSIDE_A_VALUE);
    const tree = await durationInputs();
    expect(
      tree.filter((input) => inside.includes(input)),
      'a flag whose placeholder now says duration',
    ).toEqual([]);
    expect([...tree, ...inside].sort()).toEqual(listed.sort());
  });

  for (const [name, place] of Object.entries(PLACES)) {
    describe(name, () => {
      it('reads 500ms, 90s, 15m, 2h, 1d and combinations like 1h30m, in any case', async () => {
        for (const [text, ms] of ACCEPTED) expectRead(place, text, await place.read(text), ms);
      });

      it('refuses anything else, saying what was given and the grammar', async () => {
        for (const text of REFUSED) expectRefused(place.field, text, await place.read(text), place.bare);
      });

      const bare = place.bare === 'none' ? 'refuses a bare number' : `reads a bare number as ${place.bare}`;
      it(bare, async () => {
        const got = await place.read(BARE);
        if (place.bare === 'none') expectRefused(place.field, BARE, got, place.bare);
        else expectRead(place, BARE, got, place.bare === 'ms' ? 250 : 250_000);
      });
    });
  }
});
