// The functions a CPU profile (`node --cpu-prof`) spent the most self time in, as shares of the busy time (idle left
// out), and the same grouped by where the code lives (the project's files, each package, Node's own, native).
//   node bench/profile-top.mjs <file.cpuprofile> [how many, default 25]
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: node bench/profile-top.mjs <file.cpuprofile> [how many]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** Where a function's code lives: the project's own files, a package, Node's internals, or V8 and native code. */
function place(url) {
  if (!url) return 'native / V8';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `package ${pkg[1]}`;
  return "the project's code (dist/, bench/)";
}

const byFunction = new Map();
const byPlace = new Map();
let busy = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  busy += us;
  const short = url.replace(/^.*\/(node_modules|dist)\//, '$1/').replace(/^file:\/\//, '');
  const key = `${functionName || '(anonymous)'}  ${short}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(place(url), (byPlace.get(place(url)) ?? 0) + us);
}
const share = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
process.stdout.write(
  `busy ${(busy / 1000).toFixed(0)} ms (idle and "(program)" left out)\n\nby where the code lives:\n`,
);
for (const [name, us] of top(byPlace, 12)) process.stdout.write(`  ${share(us)}  ${name}\n`);
process.stdout.write(`\nthe ${count} functions with the most self time:\n`);
for (const [name, us] of top(byFunction, Number(count))) process.stdout.write(`  ${share(us)}  ${name}\n`);
