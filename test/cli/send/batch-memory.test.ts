// Batch memory does not grow with rows: the CLI checks and plans 200,000 rows (and resumes a journal of 200,000) in a
// Node whose heap is capped at 48 MB. Holding the rows (about 1.4 KB each) would need hundreds of MB, and Node would
// abort with "heap out of memory": the test fails loudly, with no timing in it.
import { openSync, closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/harness.js';
import { useDeviceSandbox } from '../support/device-sandbox.js';
import { phoneDigits } from './batch-helpers.js';

const ROWS = 200_000;
const HEAP_MB = 48;

const t = useDeviceSandbox();

/** Writes `count` lines made by `line(i)` after `head`, in blocks, so that the test itself holds little. */
function writeLines(path: string, head: string[], count: number, line: (i: number) => string): string {
  const fd = openSync(path, 'w');
  writeSync(fd, head.map((h) => `${h}\n`).join(''));
  for (let start = 0; start < count; start += 10_000) {
    const block = [];
    for (let i = start; i < Math.min(count, start + 10_000); i++) block.push(`${line(i)}\n`);
    writeSync(fd, block.join(''));
  }
  closeSync(fd);
  return path;
}

function dryRun(file: string, extra: string[]) {
  return execa(
    'node',
    [`--max-old-space-size=${HEAP_MB}`, BIN, 'send', 'text', '--batch', file, '--dry-run', ...extra],
    {
      env: t.dev.box.env({ CHATBOT_APPKEY: t.dev.appkey }),
      extendEnv: false,
      reject: false,
      timeout: 240_000,
    },
  );
}

describe(`a batch of ${ROWS} rows in a ${HEAP_MB} MB heap`, () => {
  const csv = () =>
    writeLines(join(t.dev.box.home, 'big.csv'), ['to,message'], ROWS, (i) => `+${phoneDigits(i)},Olá ${i}; tudo bem?`);

  it('checks every row and plans the run (--dry-run)', { timeout: 300_000 }, async () => {
    const result = await dryRun(csv(), []);
    expect(result.stderr).not.toMatch(/heap out of memory/);
    expect(result.exitCode, result.stderr.slice(-2000)).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`Dry run: ${ROWS} rows would be sent \\(0 already sent, 0 unknown\\)`));
  });

  it('resumes from a journal that records every row', { timeout: 300_000 }, async () => {
    const file = csv();
    const journal = writeLines(
      `${file}.journal`,
      ['{"format":"chatbot batch journal","version":1,"kind":"text"}', '{"run":"2026-11-21T20:37:02.168Z"}'],
      ROWS,
      (i) =>
        `{"line":${i + 2},"to":"${phoneDigits(i)}","digest":"0123456789abcdef","state":"sending"}\n` +
        `{"line":${i + 2},"state":"failed","status":401,"message":"Appkey inválida."}`,
    );
    const result = await dryRun(file, ['--resume', '--journal', journal]);
    expect(result.stderr).not.toMatch(/heap out of memory/);
    expect(result.exitCode, result.stderr.slice(-2000)).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`Dry run: ${ROWS} rows would be sent \\(0 already sent, 0 unknown\\)`));
  });
});
