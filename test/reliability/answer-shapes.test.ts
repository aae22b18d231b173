// Servers that answer HTTP 200 with something other than the service's answer: `{"ok":true}`, `{"status":200}`,
// an HTML page, an empty body. No command may report success it cannot show, and none may crash (exit 1): each ends
// with exit 8 naming what is missing, or succeeds only where `{"status":200}` is all the seed promises.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../cli/support/harness.js';
import { APPKEY, AUTHKEY, expectOneErrorLine } from './faults/cli-runs.js';

const PHONE = '+5581989769960';
const GROUP = '120363012345678901@g.us';
const KEYS = ['--authkey', AUTHKEY, '--appkey', APPKEY];

/** Every command that reads an answer, with the field `{"status":200}` lacks (null: status and message are enough). */
const COMMANDS: { args: string[]; input?: string; lacks: string | null }[] = [
  { args: ['otp', 'verify', '--to', PHONE, '--code', '123456', ...KEYS], lacks: 'valid' },
  { args: ['send', 'text', '--to', PHONE, '-m', 'hi', ...KEYS], lacks: null },
  {
    args: ['send', 'poll', '--to', PHONE, '--question', 'Q?', '--option', 'a', '--option', 'b', ...KEYS],
    lacks: 'data',
  },
  { args: ['user', 'status', PHONE, ...KEYS], lacks: 'userStatus' },
  { args: ['devices', 'ls', ...KEYS], lacks: 'dispositivos' },
  { args: ['devices', 'check', 'loja', ...KEYS], lacks: 'dispositivo' },
  { args: ['group', 'info', GROUP, ...KEYS], lacks: 'grupo' },
  { args: ['group', 'invite', GROUP, ...KEYS], lacks: 'convite' },
  { args: ['pair', '--no-wait', ...KEYS], lacks: 'dispositivos' },
  { args: ['login', '--authkey-stdin'], input: AUTHKEY, lacks: 'dispositivos' },
  { args: ['status', ...KEYS], lacks: 'dispositivos' },
  {
    args: [
      'register',
      '--name',
      'Ana',
      '--email',
      'ana@example.com',
      '--phone',
      PHONE,
      '--plan',
      'basic',
      '--password-stdin',
    ],
    input: 'secret-password',
    lacks: 'data',
  },
];

const BODIES = {
  'ok-true': '{"ok":true}',
  'status-only': '{"status":200}',
  html: '<html><body>It works!</body></html>',
  empty: '',
} as const;

let server: Server;
let url: string;
let body: string = BODIES.empty;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function run(answer: keyof typeof BODIES, args: string[], input?: string) {
  body = BODIES[answer];
  const box = new Sandbox(url);
  try {
    return await box.run([...args, '--timeout', '15'], { input });
  } finally {
    box.cleanup();
  }
}

/** Nothing on stdout; `status` prints its report, which must say the service did not answer well. */
function expectNothingDone(name: string, stdout: string): void {
  if (name.startsWith('status')) expect(stdout).toMatch(/^service\s+answers wrongly: /m);
  else expect(stdout).toBe('');
}

describe('an answer without what the command needs is exit 8, never a success or a crash', () => {
  for (const command of COMMANDS) {
    const name = command.args.slice(0, 2).join(' ');

    it(`${name} × {"ok":true}`, async () => {
      const result = await run('ok-true', command.args, command.input);
      expect(result.exitCode, result.stderr).toBe(8);
      expectNothingDone(name, result.stdout);
      expectOneErrorLine(result.stderr, /^Error: Unexpected answer from the service: status is missing/);
    });

    it(`${name} × {"status":200}`, async () => {
      const result = await run('status-only', command.args, command.input);
      if (command.lacks === null) {
        expect(result.exitCode, result.stderr).toBe(0);
        return;
      }
      expect(result.exitCode, result.stderr).toBe(8);
      expectNothingDone(name, result.stdout);
      expectOneErrorLine(
        result.stderr,
        new RegExp(`^Error: Unexpected answer from the service: ${command.lacks} is missing`),
      );
    });

    it(`${name} × HTML and × an empty body`, async () => {
      for (const answer of ['html', 'empty'] as const) {
        const result = await run(answer, command.args, command.input);
        expect(result.exitCode, `${answer}: ${result.stderr}`).toBe(8);
        expectNothingDone(name, result.stdout);
        expectOneErrorLine(result.stderr, /^Error \(200\): The service answered HTTP 200 with a body that is not JSON/);
      }
    });
  }

  it('emulator connect × {"ok":true}: not the emulator, nothing reported connected', async () => {
    const result = await run('ok-true', ['emulator', 'connect', 'loja']);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expectOneErrorLine(result.stderr, /is not the local chatbot emulator/);
  });

  it('otp verify: only `valid: true` is a valid code', async () => {
    for (const [answer, exit] of [
      ['{"status":200,"valid":"yes"}', 8],
      ['{"status":200,"valid":false}', 3],
      ['{"status":200,"valid":true}', 0],
    ] as const) {
      body = answer;
      const box = new Sandbox(url);
      const result = await box.run(COMMANDS[0]!.args);
      box.cleanup();
      expect(result.exitCode, `${answer}: ${result.stderr}`).toBe(exit);
      if (exit !== 0) expect(result.stdout).not.toMatch(/valid/i);
    }
  });
});
