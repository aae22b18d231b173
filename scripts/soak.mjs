// `npm run soak`: the heavy versions of the reliability tests (at least 100,000 fuzzed bodies, 10 kill-restart cycles
// of the emulator, 200 kills of the CLI mid-write), then the figures they recorded. `--ci` runs the CI sizes instead,
// which is how docs/reliability.md's CI column is measured.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ci = process.argv.includes('--ci');
const dir = mkdtempSync(join(tmpdir(), 'chatbot-soak-'));
const report = join(dir, 'figures.ndjson');
const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', 'test/reliability', '--reporter=dot'], {
  stdio: 'inherit',
  env: { ...process.env, CHATBOT_SOAK: ci ? '0' : '1', CHATBOT_RELIABILITY_REPORT: report },
});
const figures = new Map();
if (existsSync(report)) {
  for (const line of readFileSync(report, 'utf8').split('\n').filter(Boolean)) {
    const { figure, value } = JSON.parse(line);
    figures.set(figure, (figures.get(figure) ?? 0) + value);
  }
}
console.log(
  `\n${ci ? 'CI' : 'Soak'} run of test/reliability: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status}`,
);
for (const [figure, value] of [...figures].sort()) console.log(`  ${figure.padEnd(44)} ${value}`);
rmSync(dir, { recursive: true, force: true });
process.exitCode = run.status ?? 1;
