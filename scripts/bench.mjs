// `npm run bench`: how the CLI and the emulator compare with the plainest Node.js doing the same job, measured side by
// side in one run and printed as ratios (machines differ; ratios travel). Writes bench/results.json. Not a test.
//   (a) start-up: `chatbot --version` and `chatbot send text --dry-run` against `node -e 0`; on Node 22.1+ also
//       `--dry-run` without Node's compile cache (a first run after install) against `node -e 0`; and both from the single executable (npm run build:binary)
//       against the npm install run by the Node inside it
//   (b) one real send to the emulator: `chatbot send text` against a minimal undici script
//   (c) throughput: `chatbot send text --batch` of 10,000 rows at concurrency 16 against a raw undici loop
//   (d) the emulator: text sends per second (webhook events included) and its CPU time per send, against the floor
//       (bench/floor-server.mjs: body parsed, keys checked, one SQLite row, the answer, one event POSTed) and a bare
//       node:http JSON server
//   (f) peak memory of `chatbot send text --batch --dry-run` over 200,000 and 1,000,000 rows (BENCH_PEAK_ROWS)
//   (e) webhook event latency, send made → receiver got it: p50/p99 at a steady rate and at the emulator's
//       maximum, how many events had arrived when the last send was answered, and how many within 1 s of it
//   (g) `chatbot test`: 50 conversations of 10 steps against the example menu bot, --parallel 8, the emulator its own;
//       then 500 (BENCH_CONVERSATIONS_LARGE), whose time is to grow with the messages (×10), not their square
//   (h) the web console in Debian's Chromium: a chat of 10,000 messages, from the navigation to its deep link to the
//       first frame on screen with its newest message (the tab's Element Timing), beside a new tab opened on the
//       emulator's smallest answer (what Chromium alone takes)
//   (i) the emulator's send rate with a console tab open on the device sent from, against none (alternating rounds)
//   (j) `chatbot test --load`: the generator's own ceiling, contacts per second with a bot that answers at once
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import module from 'node:module';
import {
  blankOpenTimes,
  chatOpenTimes,
  deviceId,
  hasChromium,
  launchChromium,
  openConsole,
  seedChat,
} from '../bench/console.mjs';
import { loadCeiling, printLoadCeiling } from '../bench/load-ceiling.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONCURRENCY = 16;
/** Issue 24's target for (d): the emulator's CPU time (all threads) per text send with its webhook event. */
const CPU_PER_SEND_TARGET_US = 100;
/** Issue 35's targets for (d) against the floor: its rate at least ×0.7, its CPU time per send at most ×1.4. */
const FLOOR_RATE_TARGET = 0.7;
const FLOOR_CPU_TARGET = 1.4;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 500);
const EVENT_RUNS = Number(process.env.BENCH_EVENT_RUNS ?? 3);
const PEAK_ROWS = (process.env.BENCH_PEAK_ROWS ?? '200000,1000000').split(',').map(Number);
const home = mkdtempSync(join(tmpdir(), 'chatbot-bench-'));
const rssFile = join(home, 'rss.ndjson');
const baseEnv = {
  PATH: process.env.PATH,
  HOME: home,
  CHATBOT_CONFIG_DIR: join(home, 'config'),
  CI: 'true',
  NO_COLOR: '1',
};
const nodeArgs = (args) => ['--import', join(ROOT, 'bench/peak-rss.mjs'), ...args];
const envFor = (label, extra = {}) => ({ ...baseEnv, ...extra, BENCH_RSS_FILE: rssFile, BENCH_LABEL: label });
const bin = join(ROOT, 'bin/chatbot.js');
/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** Runs a node command to completion and returns its wall time in ms (throws on a non-zero exit). */
function timed(label, args, extraEnv) {
  return timedRun(label, process.execPath, nodeArgs(args), extraEnv);
}

/** Runs `file` to completion and returns its wall time in ms (throws on a non-zero exit). */
function timedRun(label, file, args, extraEnv) {
  const start = process.hrtime.bigint();
  const result = spawnSync(file, args, {
    env: envFor(label, extraEnv),
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${label} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Medians of interleaved runs, so that drift on a busy machine hits every case alike. */
function medians(cases, run = timed) {
  const times = cases.map(() => []);
  for (let round = 0; round < RUNS; round++)
    cases.forEach(([label, args, env], i) => times[i].push(run(label, args, env)));
  return times.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/** CPU time (user + system) a process has used so far, in ms: all its threads, and its main thread; Linux only. */
function cpuMs(pid) {
  const read = (path) => {
    const fields = (readFileSync(path, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  };
  return { all: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

/**
 * With BENCH_CPU_PROF=<dir>, (d)'s emulator and floor server run under `node --cpu-prof`, each writing
 * <dir>/<label>.cpuprofile when stopped (`node bench/profile-top.mjs <file>` summarises one).
 */
function profileArgs(label) {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir || !['emulator', 'floor server'].includes(label)) return [];
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${label.replace(/\W+/g, '-')}.cpuprofile`];
}

/**
 * Starts a long-running node process and resolves with its URL once `ready` matches its stderr. Its stderr goes to a
 * file: this script blocks in spawnSync while it times commands, and a full pipe would stall the process measured.
 */
function serve(label, args, ready) {
  const logPath = join(home, `${label.replace(/\W+/g, '-')}.log`);
  const log = openSync(logPath, 'w');
  const child = spawn(process.execPath, [...profileArgs(label), ...nodeArgs(args)], {
    env: envFor(label),
    cwd: ROOT,
    stdio: ['ignore', 'pipe', log],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  const stop = () =>
    new Promise((done) => {
      child.once('exit', () => done(stdout));
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const match = ready.exec(readFileSync(logPath, 'utf8'));
      if (!match) return;
      clearInterval(poll);
      resolve({ url: match[1], stop, cpuMs: () => cpuMs(child.pid) });
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`${label} exited ${code}: ${readFileSync(logPath, 'utf8')}`));
    });
  });
}

/** A setup request; tried twice, since the bench's kept-alive socket may have been closed while it was blocked. */
async function post(url, body, attempt = 0) {
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (attempt > 0) throw error;
    return post(url, body, attempt + 1);
  }
  const parsed = await response.json();
  if (parsed.status !== 200) throw new Error(`${url}: ${JSON.stringify(parsed)}`);
  return parsed;
}

/** A registered account with a connected device, with a webhook when given one. */
async function device(emulatorUrl, webhook) {
  const account = await post(`${emulatorUrl}/api/auth`, {
    auth: 'registrar',
    email: `bench-${Date.now()}-${Math.random()}@example.com`,
    senha: 'Bench-Senha-1',
    nome: 'Bench',
    telefone: '+5511912345678',
    plano: '1',
  });
  const authkey = account.data.authkey;
  const appkey = `bench-${Math.random().toString(36).slice(2)}`;
  await post(`${emulatorUrl}/api/v2/qrcode`, { authkey, setAppkey: appkey, ...(webhook ? { webhook } : {}) });
  await post(`${emulatorUrl}/__emulator/connect`, { appkey });
  return { authkey, appkey };
}

function csv(rows, first) {
  const path = join(home, `batch-${first}.csv`);
  const lines = ['to,message', ...Array.from({ length: rows }, (_, i) => `+${first + i},Olá ${i}`)];
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function loadRate(label, url, keys, first) {
  const result = spawnSync(
    process.execPath,
    nodeArgs(['bench/load.mjs', url, keys.authkey, keys.appkey, LOAD_SECONDS, CONCURRENCY, first]),
    {
      env: envFor(label),
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`${label}: ${result.stderr}`);
  const [rate = NaN, answered = NaN] = result.stdout.trim().split(' ').map(Number);
  return { rate, answered };
}

/** Percentile of sorted numbers (Infinity stands for an event that never came). */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * (e) One run: a fresh emulator (a new process and database: what a bot's CI job starts) and receiver, then EVENTS
 * sends at `rate`/s (0 = maximum) to a new device; latencies of their events, from the send being made (its request
 * started) and from its answer, to the receiver getting the event, on the same clock.
 */
async function eventLatency(rate, first, label) {
  const emulator = await startEmulator(`emulator (e) ${label}`);
  const receiver = await serve(
    `event receiver ${label}`,
    ['bench/receiver.mjs'],
    /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const keys = await device(emulator.url, `${receiver.url}/hook`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    nodeArgs(['bench/event-load.mjs', emulator.url, keys.authkey, keys.appkey, rate, EVENTS, CONCURRENCY, first]),
    {
      env: envFor('event load'),
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`event load: ${result.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  const { made, answered } = JSON.parse(result.stdout);
  const lastAnswer = Math.max(...Object.values(answered));
  const settleUntil = Date.now() + 10_000;
  while (Date.now() < settleUntil && Number(await (await fetch(receiver.url)).text()) < EVENTS)
    await new Promise((r) => setTimeout(r, 50));
  const { arrivals } = JSON.parse(await receiver.stop());
  await emulator.stop();
  const latencies = (from) =>
    Object.entries(from)
      .map(([n, at]) => (arrivals[n] === undefined ? Infinity : arrivals[n] - at))
      .sort((a, b) => a - b);
  const fromMade = latencies(made);
  const fromAnswer = latencies(answered);
  const arrived = Object.values(arrivals);
  return {
    asked: rate || 'maximum',
    rate: Math.round(EVENTS / seconds),
    fromMade: { p50: percentile(fromMade, 50), p99: percentile(fromMade, 99) },
    fromAnswer: { p50: percentile(fromAnswer, 50), p99: percentile(fromAnswer, 99) },
    deliveredAtLastSend: arrived.filter((at) => at <= lastAnswer).length,
    withinOneSecond: arrived.filter((at) => at <= lastAnswer + 1000).length / EVENTS,
  };
}

const row = (name, ours, base, ratio, target) =>
  `${name.padEnd(44)} ${ours.padStart(12)} ${base.padStart(12)}   ×${ratio.toFixed(2).padEnd(6)} ${target}`;

function startEmulator(label = 'emulator') {
  return serve(
    label,
    [bin, 'emulator', 'start', '--port', '0', '--db', join(home, `${label.replace(/\W+/g, '-')}.db`)],
    /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

function startReceiver(label) {
  return serve(label, ['bench/receiver.mjs'], /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/);
}

/** (e) The steady runs, then one at the emulator's maximum, each on an emulator of its own. */
async function eventRuns() {
  const steady = [];
  for (let run = 0; run < EVENT_RUNS; run++)
    steady.push(await eventLatency(EVENT_RATE, 5581960000000 + run * 10_000, `run ${run + 1}`));
  return { steady, max: await eventLatency(0, 5581970000000, 'maximum') };
}

/** Alternating rounds of (d): the emulator, then the floor, BENCH_D_ROUNDS times (default 3). */
const D_ROUNDS = Number(process.env.BENCH_D_ROUNDS ?? 3);

/** One round of (d)'s load on `server`: its rate, and its CPU time (all threads, main thread) per send answered. */
function measuredLoad(label, server, keys) {
  const before = server.cpuMs();
  const { rate, answered } = loadRate(label, server.url, keys, 5581950000000);
  const after = server.cpuMs();
  return {
    rate,
    cpuUsPerSend: {
      all: ((after.all - before.all) * 1000) / answered,
      main: ((after.main - before.main) * 1000) / answered,
    },
  };
}

/** The medians of rounds' figures. */
function medianLoad(rounds) {
  return {
    rate: median(rounds.map((r) => r.rate)),
    cpuUsPerSend: {
      all: median(rounds.map((r) => r.cpuUsPerSend.all)),
      main: median(rounds.map((r) => r.cpuUsPerSend.main)),
    },
  };
}

/**
 * (d) The load on the emulator (a device whose webhook is `hook`) and on the floor (bench/floor-server.mjs, with a
 * receiver of its own), in alternating rounds so that the machine's moment weighs on both alike, then on the bare
 * server. The CPU time per send answered (all threads, and the main thread, which bounds the rate) is the figure the
 * machine's load moves least.
 */
async function emulatorLoad(emulator, hook) {
  const hooked = await device(emulator.url, `${hook.url}/hook`);
  const floorReceiver = await startReceiver('floor receiver');
  const floorServer = await serve(
    'floor server',
    ['bench/floor-server.mjs', join(home, 'floor.db'), hooked.authkey, hooked.appkey, `${floorReceiver.url}/hook`],
    /Floor server listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  /** @type {{ emulator: ReturnType<typeof measuredLoad>[], floor: ReturnType<typeof measuredLoad>[] }} */
  const rounds = { emulator: [], floor: [] };
  for (let round = 0; round < D_ROUNDS; round++) {
    rounds.emulator.push(measuredLoad('load on emulator', emulator, hooked));
    rounds.floor.push(measuredLoad('load on floor server', floorServer, hooked));
  }
  await emulator.stop();
  await floorServer.stop();
  const eventsDelivered = JSON.parse(await hook.stop()).events;
  const floorEvents = JSON.parse(await floorReceiver.stop()).events;
  const bare = await serve(
    'bare node:http',
    ['bench/bare-server.mjs'],
    /Bare server listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const bareRate = loadRate('load on bare server', bare.url, hooked, 5581950000000).rate;
  await bare.stop();
  const { rate, cpuUsPerSend } = medianLoad(rounds.emulator);
  return {
    emulatorRate: rate,
    bareRate,
    cpuUsPerSend,
    eventsDelivered,
    floor: { ...medianLoad(rounds.floor), events: floorEvents },
    rounds,
  };
}

function printEmulatorLoad({ emulatorRate, bareRate, cpuUsPerSend, floor }) {
  console.log(
    row(
      '(d) emulator req/s vs the floor',
      `${emulatorRate.toFixed(0)}/s`,
      `${floor.rate.toFixed(0)}/s`,
      emulatorRate / floor.rate,
      `≥ ${FLOOR_RATE_TARGET}`,
    ),
  );
  console.log(
    row(
      '(d) CPU per send, emulator vs the floor',
      `${cpuUsPerSend.all.toFixed(0)} µs`,
      `${floor.cpuUsPerSend.all.toFixed(0)} µs`,
      cpuUsPerSend.all / floor.cpuUsPerSend.all,
      `≤ ${FLOOR_CPU_TARGET} (main threads ${cpuUsPerSend.main.toFixed(0)} and ${floor.cpuUsPerSend.main.toFixed(0)} µs; medians of ${D_ROUNDS} alternating rounds)`,
    ),
  );
  console.log(
    row(
      '(d) emulator req/s vs bare node:http',
      `${emulatorRate.toFixed(0)}/s`,
      `${bareRate.toFixed(0)}/s`,
      emulatorRate / bareRate,
      '≥ 0.4',
    ),
  );
  console.log(
    `(d) emulator CPU per send answered: ${cpuUsPerSend.all.toFixed(0)} µs, of which its main thread ${cpuUsPerSend.main.toFixed(0)} µs   target ≤ ${CPU_PER_SEND_TARGET_US} µs`,
  );
}

function printEventRuns({ steady, max }) {
  const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'never');
  for (const [i, run] of steady.entries()) {
    console.log(
      `(e) events at ${EVENT_RATE}/s asked (${run.rate}/s reached), fresh emulator ${i + 1}: from the send made p50 ${ms(run.fromMade.p50)}, p99 ${ms(run.fromMade.p99)} (from its answer p99 ${ms(run.fromAnswer.p99)})   target p99 ≤ 25 ms from the send made`,
    );
  }
  console.log(
    `(e) events at the maximum (${max.rate}/s), fresh emulator: from the answer p50 ${ms(max.fromAnswer.p50)}, p99 ${ms(max.fromAnswer.p99)}; ${max.deliveredAtLastSend} of ${EVENTS} delivered when the last send was answered, ${(max.withinOneSecond * 100).toFixed(1)} % within 1 s of it   target p99 ≤ 100 ms, ≥ 99 % within 1 s`,
  );
}

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 50);
const CONVERSATIONS_LARGE = Number(process.env.BENCH_CONVERSATIONS_LARGE ?? 500);
const CONVERSATION_RUNS = Number(process.env.BENCH_CONVERSATION_RUNS ?? 3);

/**
 * A port nothing listens on now: the emulator `chatbot test` starts takes it, and the bot is told it beforehand. Drawn
 * below the system's ephemeral range (Linux: 32768–60999), where no outgoing connection takes its own port between
 * this check and the emulator's listen (as test/support/free-port.ts does for the tests).
 */
async function freePort() {
  const listens = (port) =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (await listens(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32767 in 50 tries');
}

/** (g) The conversation file: `count` conversations of 10 steps each through the menu bot's paths. */
function conversationFile(count) {
  const steps = [
    'say: oi',
    "expect: { text: { contains: 'Pizzaria Bella' } }",
    'expect: { buttons: [Cardápio, Horários, Lembrete] }',
    'click: Cardápio',
    'expect: { options: [Margherita, Calabresa, Portuguesa] }',
    'vote: Calabresa',
    "expect: 'Ótima escolha: Calabresa! Seu pedido foi anotado.'",
    'say: obrigado',
    'expect: { emoji: ❤️ }',
    'webhook: delivered',
  ];
  const conversation = (i) => [`  - name: pedido ${i}`, '    steps:', ...steps.map((step) => `      - ${step}`)];
  const lines = [
    'device: pizzaria',
    'conversations:',
    ...Array.from({ length: count }, (_, i) => conversation(i)).flat(),
  ];
  const path = join(home, `conversations-${count}.yaml`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/**
 * (g) The median wall time of `chatbot test` over a file of CONVERSATIONS and one of CONVERSATIONS_LARGE, the menu
 * bot answering; a failed run fails the bench.
 */
async function conversationRuns() {
  const port = await freePort();
  const keys = { CHATBOT_AUTHKEY: 'bench-chave-do-bot-0123456789', CHATBOT_APPKEY: 'pizzaria' };
  const logPath = join(home, 'menu-bot.log');
  const bot = spawn(process.execPath, ['examples/menu-bot/bot.mjs'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...keys, CHATBOT_BASE_URL: `http://127.0.0.1:${port}`, PORT: '0' },
    stdio: ['ignore', openSync(logPath, 'w'), 'inherit'],
  });
  let url;
  while (!(url = /listening on (http:\/\/\S+)/.exec(readFileSync(logPath, 'utf8'))?.[1])) {
    await new Promise((done) => setTimeout(done, 20));
  }
  const seconds = (count) => {
    const args = [bin, 'test', conversationFile(count), '--bot-url', url, '--port', String(port)];
    const times = Array.from({ length: CONVERSATION_RUNS }, () =>
      timed('chatbot test', [...args, '--parallel', '8', '--reporter', 'json'], keys),
    );
    return Number(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]) / 1000;
  };
  const small = seconds(CONVERSATIONS);
  const large = seconds(CONVERSATIONS_LARGE);
  bot.kill('SIGTERM');
  return {
    conversations: CONVERSATIONS,
    steps: 10,
    parallel: 8,
    seconds: small,
    large: { conversations: CONVERSATIONS_LARGE, seconds: large, ratio: large / small },
  };
}

function printConversationRuns(run) {
  console.log(
    `(g) chatbot test: ${run.conversations} conversations × ${run.steps} steps, --parallel ${run.parallel}, against the example bot: ${run.seconds.toFixed(1)} s   target < 10 s`,
  );
  const { large } = run;
  console.log(
    `(g) the same with ${large.conversations} conversations: ${large.seconds.toFixed(1)} s, ×${large.ratio.toFixed(1)} the time of ${run.conversations}   target ≤ ×${large.conversations / run.conversations}: the time grows with the conversations`,
  );
}

// BENCH_ONLY=g: row (g) alone.
if (process.env.BENCH_ONLY === 'g') {
  console.log(
    `Node ${process.version}; median of ${CONVERSATION_RUNS} runs; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  printConversationRuns(await conversationRuns());
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

// BENCH_ONLY=j: row (j) alone.
if (process.env.BENCH_ONLY === 'j') {
  printLoadCeiling(await loadCeiling({ root: ROOT, bin, home, port: await freePort(), env: baseEnv }));
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

const CHAT_MESSAGES = 10_000;
const CONSOLE_RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 5);
const CONSOLE_ROUNDS = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 3);

/** (h) and (i), each against an emulator of its own; null when Chromium is not installed. */
async function consoleRuns() {
  if (!hasChromium()) return null;
  const browser = await launchChromium();
  try {
    const large = await startEmulator();
    const keys = await device(large.url);
    const id = await deviceId(large.url, keys.appkey);
    await seedChat(large.url, id, CHAT_MESSAGES);
    const openMs = median(await chatOpenTimes(browser, large.url, id, CHAT_MESSAGES, CONSOLE_RUNS));
    const blankMs = median(await blankOpenTimes(browser, large.url, CONSOLE_RUNS));
    await large.stop();

    const emulator = await startEmulator();
    const sender = await device(emulator.url);
    const senderId = await deviceId(emulator.url, sender.appkey);
    /** @type {Record<'without' | 'with' | 'cpuUsWithout' | 'cpuUsWith', number[]>} */
    const rounds = { without: [], with: [], cpuUsWithout: [], cpuUsWith: [] };
    const measure = (label, first, side) => {
      const before = emulator.cpuMs().all;
      const { rate, answered } = loadRate(label, emulator.url, sender, first);
      rounds[side].push(rate);
      rounds[side === 'with' ? 'cpuUsWith' : 'cpuUsWithout'].push(((emulator.cpuMs().all - before) * 1000) / answered);
    };
    for (let round = 0; round < CONSOLE_ROUNDS; round++) {
      const first = 5581940000000 + round * 100_000;
      measure('load, no console', first, 'without');
      const page = await openConsole(browser, emulator.url, senderId, String(first + 50_000));
      measure('load, console open', first + 50_000, 'with');
      await page.close();
    }
    await emulator.stop();
    const load = {
      without: median(rounds.without),
      with: median(rounds.with),
      cpuUsPerSend: { without: median(rounds.cpuUsWithout), with: median(rounds.cpuUsWith) },
      rounds,
    };
    return { chat: { messages: CHAT_MESSAGES, runs: CONSOLE_RUNS, openMs, blankMs }, load };
  } finally {
    await browser.close();
  }
}

function printConsoleRuns(run) {
  if (!run) {
    console.log(
      '(h), (i) the web console: not measured, /usr/bin/chromium is not installed (apt-get install chromium)',
    );
    return;
  }
  const { chat, load } = run;
  console.log(
    `(h) console: a chat of ${chat.messages.toLocaleString('en')} messages opens in ${chat.openMs.toFixed(0)} ms (median of ${chat.runs}, navigation to the newest message on screen, timed by the tab; a new tab on the emulator's smallest answer: ${chat.blankMs.toFixed(0)} ms)   target ≤ 500 ms`,
  );
  console.log(
    row(
      '(i) emulator req/s, console tab open vs none',
      `${load.with.toFixed(0)}/s`,
      `${load.without.toFixed(0)}/s`,
      load.with / load.without,
      '≥ 0.95',
    ),
  );
  console.log(
    `(i) emulator CPU per send answered: ${load.cpuUsPerSend.with.toFixed(0)} µs with the console open, ${load.cpuUsPerSend.without.toFixed(0)} µs without (Chromium shares the machine's cores)`,
  );
}

// BENCH_ONLY=h or BENCH_ONLY=i: the console's rows alone.
if (process.env.BENCH_ONLY === 'h' || process.env.BENCH_ONLY === 'i') {
  console.log(`Node ${process.version}; load ${LOAD_SECONDS} s × ${CONSOLE_ROUNDS} rounds each way`);
  printConsoleRuns(await consoleRuns());
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

// BENCH_ONLY=d or BENCH_ONLY=e: that emulator row alone, with fresh emulators (for profiling and before/after checks).
if (process.env.BENCH_ONLY === 'd' || process.env.BENCH_ONLY === 'e') {
  console.log(`Node ${process.version}; load average ${loadAverage()}`);
  if (process.env.BENCH_ONLY === 'd') {
    const emulator = await startEmulator();
    printEmulatorLoad(await emulatorLoad(emulator, await startReceiver('receiver')));
  } else printEventRuns(await eventRuns());
  console.log(`load average after: ${loadAverage()}`);
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

/**
 * (c) `rounds` alternating rounds of the undici loop and `chatbot send text --batch` (ROWS rows each, so that
 * neither side always meets a fuller database): the best wall time of each, and the median CPU time (user + system)
 * of each process, which the machine's load moves far less than wall time.
 */
function batchThroughput(emulatorUrl, keys, rounds) {
  const env = { CHATBOT_BASE_URL: emulatorUrl, CHATBOT_AUTHKEY: keys.authkey, CHATBOT_APPKEY: keys.appkey };
  const rawBatch = [];
  const cliBatch = [];
  for (let round = 0; round < rounds; round++) {
    const first = 5581900000000 + round * 2 * ROWS;
    const loopArgs = ['bench/raw-batch.mjs', emulatorUrl, keys.authkey, keys.appkey, ROWS, CONCURRENCY, first];
    rawBatch.push(timed('undici loop: batch', loopArgs));
    const file = csv(ROWS, first + ROWS);
    const cliArgs = [bin, 'send', 'text', '--batch', file, '--concurrency', String(CONCURRENCY)];
    cliBatch.push(timed('chatbot send text --batch', cliArgs, env));
  }
  const cpu = (label) => median(cpuTimes(label).slice(-rounds));
  return {
    rawBatchMs: Math.min(...rawBatch),
    cliBatchMs: Math.min(...cliBatch),
    rawBatchCpuMs: cpu('undici loop: batch'),
    cliBatchCpuMs: cpu('chatbot send text --batch'),
  };
}

/** CPU times (ms) of every process run under `label` so far, as peak-rss.mjs recorded them. */
function cpuTimes(label) {
  return readFileSync(rssFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.label === label)
    .map((entry) => entry.cpuMs);
}

function median(list) {
  return [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
}

/** Prints row (c) and, beside it, the CPU time of each side. */
function printBatch({ rawBatchMs, cliBatchMs, rawBatchCpuMs, cliBatchCpuMs }) {
  console.log(
    row(
      '(c) --batch rows/s vs undici loop',
      `${(ROWS / (cliBatchMs / 1000)).toFixed(0)}/s`,
      `${(ROWS / (rawBatchMs / 1000)).toFixed(0)}/s`,
      rawBatchMs / cliBatchMs,
      '≥ 0.95',
    ),
  );
  console.log(
    row(
      '(c) CPU time (user + sys) of each process',
      `${(cliBatchCpuMs / 1000).toFixed(2)} s`,
      `${(rawBatchCpuMs / 1000).toFixed(2)} s`,
      cliBatchCpuMs / rawBatchCpuMs,
      'lower is better',
    ),
  );
}

// BENCH_ONLY=c: row (c) alone, against an emulator of its own, over BENCH_RUNS alternating rounds (default here 5).
if (process.env.BENCH_ONLY === 'c') {
  const rounds = Number(process.env.BENCH_RUNS ?? 5);
  console.log(
    `Node ${process.version}; ${rounds} rounds of ${ROWS} rows at concurrency ${CONCURRENCY}; load average ${loadAverage()}`,
  );
  const emulator = await startEmulator();
  printBatch(batchThroughput(emulator.url, await device(emulator.url), rounds));
  await emulator.stop();
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

const loadAtStart = loadAverage();
const fakeKeys = { CHATBOT_AUTHKEY: 'bench-authkey-000000000000', CHATBOT_APPKEY: 'bench-appkey-000000000000' };
const dryRunArgs = [bin, 'send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run'];
// Node 22.1+ has a module compile cache (bin/chatbot.js turns it on); the same start without it shows what it saves.
const hasCompileCache =
  typeof (/** @type {{ enableCompileCache?: unknown }} */ (module).enableCompileCache) === 'function';
const [nodeMs, versionMs, dryRunMs, uncachedDryRunMs] = medians([
  ['node -e 0', ['-e', '0']],
  ['chatbot --version', [bin, '--version']],
  ['chatbot send text --dry-run', dryRunArgs, fakeKeys],
  ...(hasCompileCache
    ? [['--dry-run without compile cache', dryRunArgs, { ...fakeKeys, NODE_DISABLE_COMPILE_CACHE: '1' }]]
    : []),
]);

const binary = join(ROOT, 'dist-bin/chatbot-linux-x64');

/**
 * (a) The single executable's --version and --dry-run against the npm install's, run by the Node inside it (from the
 * cache scripts/test-matrix.sh and build-binary.mjs keep); the reason when either is missing.
 */
function binaryStartup() {
  if (!existsSync(binary)) return { skipped: 'dist-bin/chatbot-linux-x64 is not built (npm run build:binary)' };
  const version = /Node v([\d.]+)/.exec(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout)?.[1];
  const cache =
    process.env.CHATBOT_MATRIX_CACHE ??
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chatbot', 'node');
  const node = join(cache, version ?? 'unknown', 'package', 'bin', 'node');
  if (!existsSync(node)) return { skipped: `no ${node} to run the npm install with the binary's Node ${version}` };
  const run = (label, [file, ...args], env) => timedRun(label, file, args, env);
  const [binaryVersionMs, npmVersionMs, binaryDryRunMs, npmDryRunMs] = medians(
    [
      ['binary --version', [binary, '--version']],
      ['npm install --version', [node, bin, '--version']],
      ['binary --dry-run', [binary, ...dryRunArgs.slice(1)], fakeKeys],
      ['npm install --dry-run', [node, ...dryRunArgs], fakeKeys],
    ],
    run,
  );
  return { node: `v${version}`, binaryVersionMs, npmVersionMs, binaryDryRunMs, npmDryRunMs };
}
const binaryRuns = binaryStartup();

/** Prints row (a). */
function printStartup() {
  console.log(
    row(
      '(a) --version vs node -e 0',
      `${versionMs.toFixed(0)} ms`,
      `${nodeMs.toFixed(0)} ms`,
      versionMs / nodeMs,
      '≤ 1.2',
    ),
  );
  console.log(
    row(
      '(a) send text --dry-run vs node -e 0',
      `${dryRunMs.toFixed(0)} ms`,
      `${nodeMs.toFixed(0)} ms`,
      dryRunMs / nodeMs,
      '≤ 1.5',
    ),
  );
  const cpu = startupCpu();
  console.log(
    row(
      '(a) CPU (user + sys): --version vs node -e 0',
      `${cpu.versionMs.toFixed(0)} ms`,
      `${cpu.nodeMs.toFixed(0)} ms`,
      cpu.versionMs / cpu.nodeMs,
      'wall time ≤ 1.2 above',
    ),
  );
  console.log(
    row(
      '(a) CPU (user + sys): --dry-run vs node -e 0',
      `${cpu.dryRunMs.toFixed(0)} ms`,
      `${cpu.nodeMs.toFixed(0)} ms`,
      cpu.dryRunMs / cpu.nodeMs,
      '≤ 1.5',
    ),
  );
  console.log(
    hasCompileCache
      ? row(
          '(a) --dry-run, no compile cache, vs node -e 0',
          `${uncachedDryRunMs.toFixed(0)} ms`,
          `${nodeMs.toFixed(0)} ms`,
          uncachedDryRunMs / nodeMs,
          '≤ 1.5 (a first run after install)',
        )
      : `(a) compile cache: none on Node ${process.versions.node.split('.')[0]} (Node 22.1 and later have one)`,
  );
  if (cpu.uncachedDryRunMs !== undefined)
    console.log(
      row(
        '(a) CPU: --dry-run, no compile cache',
        `${cpu.uncachedDryRunMs.toFixed(0)} ms`,
        `${cpu.nodeMs.toFixed(0)} ms`,
        cpu.uncachedDryRunMs / cpu.nodeMs,
        '≤ 1.5 (a first run after install)',
      ),
    );
  printBinaryStartup();
}

/**
 * (a) Medians of the CPU time (user + system, all threads, from each child's own resource usage at exit) of the runs
 * timed above: a machine's load moves wall time far more, and a fast machine's `node -e 0` makes wall ratios read
 * high where the CPU ratio does not.
 */
function startupCpu() {
  const of = (label) => median(cpuTimes(label));
  return {
    nodeMs: of('node -e 0'),
    versionMs: of('chatbot --version'),
    dryRunMs: of('chatbot send text --dry-run'),
    ...(hasCompileCache ? { uncachedDryRunMs: of('--dry-run without compile cache') } : {}),
  };
}

function printBinaryStartup() {
  if (binaryRuns.skipped) {
    console.log(`(a) single executable: skipped, ${binaryRuns.skipped}`);
    return;
  }
  const { node, binaryVersionMs, npmVersionMs, binaryDryRunMs, npmDryRunMs } = binaryRuns;
  for (const [name, ours, base] of [
    [`(a) binary --version vs npm, Node ${node}`, binaryVersionMs, npmVersionMs],
    [`(a) binary --dry-run vs npm, Node ${node}`, binaryDryRunMs, npmDryRunMs],
  ]) {
    console.log(row(name, `${ours.toFixed(0)} ms`, `${base.toFixed(0)} ms`, ours / base, '≤ 1.0'));
  }
}

// BENCH_ONLY=a: row (a) alone, with the Node that runs this script (`~/.cache/chatbot/node/<ver>/package/bin/node
// scripts/bench.mjs` measures that line).
if (process.env.BENCH_ONLY === 'a') {
  console.log(`Node ${process.version}; medians of ${RUNS} runs; load average ${loadAverage()}`);
  printStartup();
  rmSync(home, { recursive: true, force: true });
  process.exit(0);
}

/** (f) A CSV of `rows` rows written in blocks, then one timed --dry-run over it; its peak RSS is recorded by label. */
function batchDryRun(rows) {
  const path = join(home, `peak-${rows}.csv`);
  const fd = openSync(path, 'w');
  writeSync(fd, 'to,message\n');
  for (let start = 0; start < rows; start += 10_000) {
    const block = [];
    for (let i = start; i < Math.min(rows, start + 10_000); i++) block.push(`+${5581920000000 + i},Olá ${i}\n`);
    writeSync(fd, block.join(''));
  }
  closeSync(fd);
  const ms = timed(`batch --dry-run ${rows} rows`, [bin, 'send', 'text', '--batch', path, '--dry-run'], fakeKeys);
  rmSync(path);
  return { rows, seconds: ms / 1000 };
}
const peakRuns = PEAK_ROWS.map(batchDryRun);

const hook = await startReceiver('webhook receiver');
const emulator = await startEmulator();
// (b) and (c) use a device without a webhook, so that event deliveries from one phase do not load the next;
// (d) measures sends together with their webhook events.
const keys = await device(emulator.url);
const sendEnv = { CHATBOT_BASE_URL: emulator.url, CHATBOT_AUTHKEY: keys.authkey, CHATBOT_APPKEY: keys.appkey };
const [rawSendMs, cliSendMs] = medians([
  ['undici script: one send', ['bench/one-send.mjs', emulator.url, keys.authkey, keys.appkey, '5581987000001']],
  ['chatbot send text', [bin, 'send', 'text', '--to', '+5581987000001', '-m', 'bench'], sendEnv],
]);

const { rawBatchMs, cliBatchMs, rawBatchCpuMs, cliBatchCpuMs } = batchThroughput(emulator.url, keys, 2);

const { steady: steadyRuns, max: maxRun } = await eventRuns();
const load = await emulatorLoad(emulator, hook);
const { emulatorRate, bareRate, eventsDelivered: eventsBeforeStop } = load;
const conversationRun = await conversationRuns();
const loadCeilingRun = await loadCeiling({ root: ROOT, bin, home, port: await freePort(), env: baseEnv });
const consoleRun = await consoleRuns();

const peak = {};
for (const line of readFileSync(rssFile, 'utf8').trim().split('\n')) {
  const { label, kb } = JSON.parse(line);
  peak[label] = Math.max(peak[label] ?? 0, kb);
}
const mb = (label) => `${((peak[label] ?? 0) / 1024).toFixed(0)} MB`;
const results = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
  runs: RUNS,
  rows: ROWS,
  concurrency: CONCURRENCY,
  a: {
    nodeMs,
    versionMs,
    dryRunMs,
    version: versionMs / nodeMs,
    dryRun: dryRunMs / nodeMs,
    target: '<= 1.5',
    cpuMs: startupCpu(),
    compileCache: hasCompileCache
      ? { uncachedDryRunMs, uncachedDryRun: uncachedDryRunMs / nodeMs, saved: uncachedDryRunMs / dryRunMs }
      : null,
    singleExecutable: binaryRuns,
  },
  b: { rawSendMs, cliSendMs, ratio: cliSendMs / rawSendMs, target: '<= 2' },
  c: {
    rawPerSecond: ROWS / (rawBatchMs / 1000),
    cliPerSecond: ROWS / (cliBatchMs / 1000),
    ratio: rawBatchMs / cliBatchMs,
    cliCpuMs: cliBatchCpuMs,
    rawCpuMs: rawBatchCpuMs,
    target: '>= 0.95',
  },
  f: {
    dryRuns: peakRuns.map((run) => ({ ...run, peakKb: peak[`batch --dry-run ${run.rows} rows`] })),
    target: { peakMb: '<= 150 at any row count' },
  },
  e: {
    events: EVENTS,
    steady: steadyRuns,
    max: maxRun,
    target: { steadyP99MsFromMade: '<= 25', maxP99MsFromAnswer: '<= 100', maxWithinOneSecond: '>= 0.99' },
  },
  d: {
    barePerSecond: bareRate,
    emulatorPerSecond: emulatorRate,
    ratio: emulatorRate / bareRate,
    cpuUsPerSend: load.cpuUsPerSend,
    webhookEventsDelivered: eventsBeforeStop,
    floor: {
      ...load.floor,
      rateRatio: emulatorRate / load.floor.rate,
      cpuRatio: load.cpuUsPerSend.all / load.floor.cpuUsPerSend.all,
    },
    target: {
      ratio: '>= 0.4',
      cpuUsPerSend: `<= ${CPU_PER_SEND_TARGET_US}`,
      floorRate: `>= ${FLOOR_RATE_TARGET}`,
      floorCpu: `<= ${FLOOR_CPU_TARGET}`,
    },
  },
  g: { ...conversationRun, target: { seconds: '< 10', largeRatio: `<= ${CONVERSATIONS_LARGE / CONVERSATIONS}` } },
  j: { ...loadCeilingRun, target: { contactsPerSecond: '>= 50' } },
  h: consoleRun && { ...consoleRun.chat, target: { openMs: '<= 500' } },
  i: consoleRun && { ...consoleRun.load, ratio: consoleRun.load.with / consoleRun.load.without, target: '>= 0.95' },
  peakKb: peak,
};
writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

console.log(
  `Node ${process.version}; medians of ${RUNS} runs; ${ROWS} rows at concurrency ${CONCURRENCY}; load ${LOAD_SECONDS} s; load average ${loadAtStart} at the start, ${results.loadAverage.atEnd} at the end`,
);
console.log(row('', 'chatbot', 'baseline', 0, 'target').replace('×0.00  ', 'ratio  '));
printStartup();
console.log(
  row(
    '(b) send text vs undici script',
    `${cliSendMs.toFixed(0)} ms`,
    `${rawSendMs.toFixed(0)} ms`,
    results.b.ratio,
    '≤ 2',
  ),
);
printBatch({ rawBatchMs, cliBatchMs, rawBatchCpuMs, cliBatchCpuMs });
printEmulatorLoad(load);
printEventRuns({ steady: steadyRuns, max: maxRun });
console.log(
  `peak memory: --version ${mb('chatbot --version')}, --dry-run ${mb('chatbot send text --dry-run')}, send ${mb('chatbot send text')} (script ${mb('undici script: one send')}), batch ${mb('chatbot send text --batch')} (loop ${mb('undici loop: batch')}), emulator ${mb('emulator')} (bare ${mb('bare node:http')}); node -e 0 ${mb('node -e 0')}`,
);
console.log(
  `(f) peak memory of send text --batch --dry-run: ${peakRuns
    .map(
      (run) =>
        `${run.rows.toLocaleString('en')} rows ${mb(`batch --dry-run ${run.rows} rows`)} (${run.seconds.toFixed(1)} s)`,
    )
    .join(', ')}   target ≤ 150 MB at any row count`,
);
printConversationRuns(conversationRun);
printLoadCeiling(loadCeilingRun);
printConsoleRuns(consoleRun);
console.log(`webhook events the emulator delivered to a local receiver during the run: ${eventsBeforeStop}`);
rmSync(home, { recursive: true, force: true });
