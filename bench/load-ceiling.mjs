// (j) The load generator's own ceiling: `chatbot test --load` with a bot that answers at once (test/cli/test/
// load-bot.mjs), CONTACTS contacts asked to arrive faster than the generator can start them; the figure is the
// contacts per second it reached (contacts / the run's duration) and the answer-time p95 it measured meanwhile.
import { spawn, spawnSync } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CONTACTS = Number(process.env.BENCH_LOAD_CONTACTS ?? 500);
const ASKED_RATE = 2000;

/** Runs the row against a fresh emulator on `port`; `env` is the bench's environment (HOME, config dir). */
export async function loadCeiling({ root, bin, home, port, env }) {
  const keys = { CHATBOT_AUTHKEY: 'bench-chave-da-carga-0123456789', CHATBOT_APPKEY: 'carga' };
  const logPath = join(home, 'load-bot.log');
  const bot = spawn(process.execPath, [join(root, 'test/cli/test/load-bot.mjs')], {
    env: { PATH: process.env.PATH, ...keys, CHATBOT_BASE_URL: `http://127.0.0.1:${port}`, PORT: '0' },
    stdio: ['ignore', openSync(logPath, 'w'), 'inherit'],
  });
  let url;
  while (!(url = /listening on (http:\/\/\S+)/.exec(readFileSync(logPath, 'utf8'))?.[1])) {
    await new Promise((done) => setTimeout(done, 20));
  }
  const file = join(home, 'load.yaml');
  writeFileSync(
    file,
    "device: carga\nconversations:\n  - name: eco\n    steps:\n      - say: oi\n      - expect: 'eco: oi'\n",
  );
  const args = [
    bin,
    'test',
    file,
    '--load',
    '--json',
    '--bot-url',
    url,
    '--port',
    String(port),
    '--step-timeout',
    '30',
  ];
  const run = spawnSync(process.execPath, [...args, '--contacts', String(CONTACTS), '--arrival', `${ASKED_RATE}/s`], {
    env: { ...env, ...keys },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  bot.kill('SIGTERM');
  // Exit 1 (a failed contact) still prints the figures; anything else is the bench's failure.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`(j) chatbot test --load failed (${run.status}): ${run.stderr}`);
  const summary = JSON.parse(run.stdout);
  return {
    contacts: summary.contacts.started,
    failed: summary.contacts.failed,
    contactsPerSecond: summary.contacts.started / (summary.durationMs / 1000),
    p95Ms: summary.answerTime.p95,
    cpu: summary.cpu,
  };
}

export function printLoadCeiling(run) {
  console.log(
    `(j) chatbot test --load, generator ceiling (instant bot, ${run.contacts} contacts asked at ${ASKED_RATE}/s): ${run.contactsPerSecond.toFixed(0)} contacts/s (${run.failed} failed), answer p95 ${run.p95Ms} ms, this process busy ${Math.round(run.cpu.eventLoop * 100)}%   target ≥ 50 contacts/s`,
  );
}
