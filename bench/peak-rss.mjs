// Preloaded with --import into every measured process: on exit, appends its peak resident memory (KB) to a file.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
const label = process.env.BENCH_LABEL ?? 'process';
if (file) {
  const write = () => appendFileSync(file, `${JSON.stringify({ label, kb: process.resourceUsage().maxRSS })}\n`);
  process.on('exit', write);
}
