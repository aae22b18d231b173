// Related gateways (docs/usage.md, "Other gateways"): the same `/api/create-message` with `appkey`/`authkey`, answered
// `{"message_status":"Success",...}` or `{"error":"..."}` instead of `{status, message}`. A plain send through
// `--base-url` must count a gateway's success as sent (a retry would send twice) and show its refusals as service
// errors with its text, never as a success nor a crash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../cli/support/harness.js';
import { phoneDigits, textCsv } from '../cli/send/batch-helpers.js';
import type { BatchSummary } from '../../src/cli/commands/send/batch/summary.js';
import {
  AMPLE_TIMEOUT_SECONDS,
  APPKEY,
  AUTHKEY,
  expectNoCrashTrace,
  expectOneErrorLine,
  runBinary,
} from './faults/cli-runs.js';

const DIGITS = '5581989769960';
const PHONE = `+${DIGITS}`;
const KEYS = ['--authkey', AUTHKEY, '--appkey', APPKEY];
const SEND = ['send', 'text', '--to', PHONE, '-m', 'Olá', ...KEYS];

let server: Server;
let url: string;
let answer = { status: 200, body: '{}' };
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url, ...(JSON.parse(text) as Record<string, unknown>) });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(status: number, body: string, args: string[] = SEND) {
  answer = { status, body };
  received.length = 0;
  const box = new Sandbox(url);
  try {
    return await runBinary(box, url, args, AMPLE_TIMEOUT_SECONDS);
  } finally {
    box.cleanup();
  }
}

describe('send text against a gateway answering in its own shape', () => {
  it('{"message_status":"Success"} is sent (exit 0), with the gateway\'s message_id when it gives one', async () => {
    const plain = await send(200, '{"message_status":"Success"}');
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(plain.stdout).toBe(`✓ Text sent to ${DIGITS}`);
    expect(plain.stderr).toBe('');
    expect(received).toEqual([
      { path: '/api/create-message', appkey: APPKEY, authkey: AUTHKEY, to: DIGITS, message: 'Olá' },
    ]);

    const withId = await send(200, '{"message_status":"success","message_id":"wamid.77"}');
    expect(withId.exitCode, withId.stderr).toBe(0);
    expect(withId.stdout).toBe(`✓ Text sent to ${DIGITS} (id wamid.77)`);
  });

  it('200 {"error":"Invalid number"} is a service rejection (exit 6) showing the text, nothing on stdout', async () => {
    const result = await send(200, '{"error":"Invalid number"}');
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stdout).toBe('');
    expectOneErrorLine(result.stderr, /^Error \(200\): Invalid number \(the service refused the request/);
  });

  it('{"message_status":"Failed"} is a failure with that text, not a success', async () => {
    const result = await send(200, '{"message_status":"Failed","message":"No session"}');
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stdout).toBe('');
    expectOneErrorLine(result.stderr, /^Error \(200\): message_status "Failed": No session \(/);
  });

  it('401 {"error":...} stays an authentication failure (exit 3) with the text', async () => {
    const result = await send(401, '{"error":"Invalid authkey"}');
    expect(result.exitCode, result.stderr).toBe(3);
    expectOneErrorLine(result.stderr, /^Error \(401\): Invalid authkey \(not authorised/);
  });

  it('--json prints one document in each case: the answer on stdout, or one error line on stderr', async () => {
    const sent = await send(200, '{"message_status":"Success","message_id":"m1"}', [...SEND, '--json']);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual({ message_status: 'Success', message_id: 'm1', status: 200 });
    expect(sent.stderr).toBe('');

    for (const [body, exitCode, text] of [
      ['{"error":"Invalid number"}', 6, 'Invalid number'],
      ['{"message_status":"Failed"}', 6, 'message_status "Failed"'],
    ] as const) {
      const failed = await send(200, body, [...SEND, '--json']);
      expect(failed.exitCode, failed.stderr).toBe(exitCode);
      expect(failed.stdout).toBe('');
      expectNoCrashTrace(failed.stderr);
      const lines = failed.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      const { error } = JSON.parse(lines[0]!) as { error: { status: number; message: string; exitCode: number } };
      expect(error).toMatchObject({ status: 200, exitCode });
      expect(error.message.startsWith(`${text} (`), error.message).toBe(true);
    }
  });

  async function batch(status: number, body: string, rows: number) {
    answer = { status, body };
    received.length = 0;
    const box = new Sandbox(url);
    try {
      const file = textCsv(box.home, rows);
      const result = await runBinary(
        box,
        url,
        ['send', 'text', '--batch', file, '--json', ...KEYS],
        AMPLE_TIMEOUT_SECONDS,
      );
      return { ...result, summary: JSON.parse(result.stdout) as BatchSummary };
    } finally {
      box.cleanup();
    }
  }

  it('a batch against the gateway counts every row sent, each sent once', async () => {
    const { exitCode, stderr, summary } = await batch(200, '{"message_status":"Success"}', 4);
    expect(exitCode, stderr).toBe(0);
    expect(summary).toMatchObject({ rows: 4, sent: 4, failed: { count: 0 }, unknown: { count: 0 } });
    expect(received.map((request) => request.to).sort()).toEqual(
      Array.from({ length: 4 }, (_, i) => phoneDigits(i)).sort(),
    );
  });

  it('a batch whose rows the gateway refuses with 200 {"error":...} counts them failed with its text (exit 6)', async () => {
    const { exitCode, stderr, summary } = await batch(200, '{"error":"Invalid number"}', 3);
    expect(exitCode, stderr).toBe(6);
    expect(received).toHaveLength(3);
    expect(summary).toMatchObject({
      rows: 3,
      sent: 0,
      failed: {
        count: 3,
        reasons: [
          { status: 200, message: expect.stringMatching(/^Invalid number \(/) as string, count: 3, lines: [2, 3, 4] },
        ],
      },
      unknown: { count: 0 },
      stopped: 'done',
    });
  });
});
