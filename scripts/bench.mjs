// Start-up cost of the CLI, as ratios against bare `node` measured in the same run (machines differ; ratios travel).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const home = mkdtempSync(join(tmpdir(), 'chatbot-bench-'));
const env = { PATH: process.env.PATH, HOME: home, CHATBOT_CONFIG_DIR: join(home, 'config'), CI: 'true' };

const cases = [
  ['node (baseline)', ['-e', '']],
  ['chatbot --version', ['bin/chatbot.js', '--version']],
  ['chatbot --help', ['bin/chatbot.js', '--help']],
  ['chatbot config list', ['bin/chatbot.js', 'config', 'list']],
  ['chatbot devices ls --dry-run', ['bin/chatbot.js', 'devices', 'ls', '--dry-run', '--authkey', 'bench-key-0000']],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(args) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  }
  return median(times);
}

const results = cases.map(([name, args]) => [name, measure(args)]);
const baseline = results[0][1];
console.log(`median of ${runs} runs; ratio = time / bare node start-up (${baseline.toFixed(1)} ms here)`);
for (const [name, ms] of results) {
  console.log(`${name.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms   ×${(ms / baseline).toFixed(2)}`);
}
rmSync(home, { recursive: true, force: true });
