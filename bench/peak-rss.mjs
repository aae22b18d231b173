// Preloaded with --import into every measured process: on exit, appends its peak resident memory (KB) and the CPU
// time it used (user + system, ms) to a file.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
const label = process.env.BENCH_LABEL ?? 'process';
if (file) {
  const write = () => {
    const usage = process.resourceUsage();
    const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
    appendFileSync(file, `${JSON.stringify({ label, kb: usage.maxRSS, cpuMs })}\n`);
  };
  process.on('exit', write);
}
