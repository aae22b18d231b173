// `npm run test:stress`: runs the suite, or the folders and files named, N times in a row while this script keeps
// every core busy twice over (busy-loop worker threads, stopped when it ends), then prints each test that failed with
// how many runs it failed in and its first error. A test that fails only here depends on the machine's speed: fix it
// at its cause (docs/reliability.md, "Under load"). Bounded: each run is stopped after --minutes.
//
//   npm run test:stress -- [--runs N] [--busy THREADS] [--minutes M] [paths…]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE =
  'Usage: npm run test:stress -- [--runs N] [--busy THREADS] [--minutes M] [paths…]\n' +
  '  --runs N         runs of the suite or of the paths named (default 5)\n' +
  '  --busy THREADS   busy-loop threads kept running meanwhile (default twice the cores)\n' +
  '  --minutes M      a run still going after M minutes is stopped and counted as failed (default 60)';

/** The command line, checked; exits 2 with the usage on a bad one. */
function options() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        runs: { type: 'string', default: '5' },
        busy: { type: 'string', default: String(availableParallelism() * 2) },
        minutes: { type: 'string', default: '60' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const number = (name, min) => {
    const value = Number(parsed.values[name]);
    if (!Number.isFinite(value) || value < min) {
      process.stderr.write(`--${name} must be a number of at least ${min} (got ${parsed.values[name]})\n${USAGE}\n`);
      process.exit(2);
    }
    return value;
  };
  return {
    runs: Math.floor(number('runs', 1)),
    busy: Math.floor(number('busy', 0)),
    minutes: number('minutes', 0.1),
    paths: parsed.positionals,
  };
}

/** Threads that spin until terminated: the load of a machine running several suites at once. */
function startBusyThreads(count) {
  const code = 'for (;;) {}';
  return Array.from({ length: count }, () => new Worker(code, { eval: true }));
}

/**
 * One vitest run of `paths` with its JSON report written to a file; resolves with the report, or with `stopped` when
 * the run was stopped after `minutes` (its whole process group, so no test process outlives it).
 */
function vitestRun(paths, reportFile, minutes) {
  const args = ['vitest', 'run', ...paths, '--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`];
  const child = spawn('npx', args, { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr], detached: true });
  let stopped = false;
  const stop = () => {
    stopped = true;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(stop, minutes * 60_000);
  const interrupt = () => {
    ctrlC.abort();
    stop();
  };
  process.once('SIGINT', interrupt);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      process.removeListener('SIGINT', interrupt);
      let report;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8'));
      } catch {
        report = undefined;
      }
      resolve({ code, stopped, report });
    });
  });
}

/** The first line of an error and where it was thrown in the project's code (a test or a source file). */
function firstError(messages) {
  const lines = (messages ?? [])
    .join('\n')
    .split('\n')
    .map((line) => line.trim());
  const message = lines.find((line) => line !== '') ?? '(no message)';
  const where = lines.find((line) => /^at .*\/(test|src)\//.test(line) && !line.includes('node_modules'));
  return `${message}${where ? ` (${where.replace(ROOT, '')})` : ''}`.slice(0, 400);
}

/** Adds each failure of one run's report to `failures` (test → {count, error}); returns the run's counts. */
function collect(report, failures) {
  let tests = 0;
  let failed = 0;
  const add = (key, error) => {
    const entry = failures.get(key) ?? { count: 0, error };
    entry.count += 1;
    failures.set(key, entry);
    failed += 1;
  };
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length) : file.name;
    const results = file.assertionResults ?? [];
    tests += results.length;
    for (const test of results) {
      if (test.status === 'failed') add(`${name} › ${test.fullName}`, firstError(test.failureMessages));
    }
    // A file that failed outside any test (an import, a hook): no test names it.
    if (file.status === 'failed' && !results.some((test) => test.status === 'failed'))
      add(`${name} (the file itself)`, firstError([file.message]));
  }
  return { tests, failed };
}

const { runs, busy, minutes, paths } = options();
/** Ctrl-C: the run in progress is stopped and no other starts. */
/** Aborted by Ctrl-C: no run starts after it. */
const ctrlC = new AbortController();
/** Whether Ctrl-C came (a call, so that a check after an await reads it anew). */
const interrupted = () => ctrlC.signal.aborted;
const reports = mkdtempSync(join(tmpdir(), 'chatbot-stress-'));
const threads = startBusyThreads(busy);
const failures = new Map();
const lines = [];
let exitCode = 0;
process.stderr.write(
  `test:stress: ${runs} run${runs === 1 ? '' : 's'} of ${paths.length ? paths.join(' ') : 'the whole suite'}, ` +
    `${busy} busy threads on ${availableParallelism()} cores, each run stopped after ${minutes} min\n`,
);
try {
  for (let run = 1; run <= runs && !interrupted(); run += 1) {
    const started = performance.now();
    const { code, stopped, report } = await vitestRun(paths, join(reports, `run-${run}.json`), minutes);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (!report) {
      const why = interrupted()
        ? 'interrupted (Ctrl-C)'
        : stopped
          ? `stopped after ${minutes} min`
          : `vitest exited ${code} without a report`;
      failures.set(`run ${run}`, { count: 1, error: why });
      lines.push(`run ${run}/${runs}: ${why} (${seconds} s)`);
      exitCode = 1;
      continue;
    }
    const { tests, failed } = collect(report, failures);
    if (failed > 0 || code !== 0) exitCode = 1;
    lines.push(
      `run ${run}/${runs}: ${tests} tests, ${failed} failed (${seconds} s)${stopped ? `, stopped after ${minutes} min` : ''}`,
    );
    process.stderr.write(`\n${lines.at(-1)}\n`);
  }
} finally {
  await Promise.all(threads.map((thread) => thread.terminate()));
  rmSync(reports, { recursive: true, force: true });
}

process.stdout.write(`${lines.join('\n')}\n`);
if (failures.size === 0) {
  process.stdout.write(`No test failed in ${runs} run${runs === 1 ? '' : 's'}.\n`);
} else {
  process.stdout.write(`\nFailed (runs failed of ${runs}, test, first error):\n`);
  for (const [test, { count, error }] of [...failures].sort((a, b) => b[1].count - a[1].count)) {
    process.stdout.write(`  ${count}/${runs}  ${test}\n        ${error}\n`);
  }
}
process.exit(exitCode);
