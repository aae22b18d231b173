// The built CLI against a service that misbehaves on the network or in its protocol: every run must end with the
// documented exit code (README "Exit codes"), one clear line on stderr, nothing half-printed on stdout, and the config
// file untouched (or, for pair's wait, holding exactly what pairing promises to save).
import { describe, expect, it } from 'vitest';
import { CANNED_APPKEY, CANNED_DEVICE_ID, CANNED_MESSAGE_ID } from './faults/canned-service.js';
import {
  AMPLE_TIMEOUT_SECONDS,
  APPKEY,
  expectErrorAsLastLine,
  expectNoCrashTrace,
  expectOneErrorLine,
  jsonFailure,
  oneDocument,
  profileSandbox,
  runBinary,
  SHORT_TIMEOUT_SECONDS,
  type BinaryRun,
} from './faults/cli-runs.js';
import {
  startFaultServer,
  type Fault,
  type FaultServer,
  type FaultServerOptions,
  type SeenRequest,
} from './fault-server.js';
import { record } from './report.js';

type CommandName = 'devices ls' | 'send text' | 'pair' | 'pair wait';

const PAIR = ['pair', '--no-input', '--wait-timeout', '20'];
const ARGS: Record<CommandName, string[]> = {
  'devices ls': ['devices', 'ls'],
  'send text': ['send', 'text', '--to', '+5581989769960', '-m', 'hi'],
  pair: PAIR,
  'pair wait': PAIR,
};

const isCheck = (request: SeenRequest) =>
  request.path === '/api/developer' && request.body?.checkDispositivo === 'true';

/** `pair`: faults throughout; `pair wait`: the QR request and the first device check answer well, the polling faults. */
const FAULT_WHEN: Partial<Record<CommandName, FaultServerOptions['faultWhen']>> = {
  'pair wait': (request, earlier) => isCheck(request) && earlier.some(isCheck),
};

/** Success shows the command's result; failure is the exit code and what the error line must name. */
type Success = { exit: 0; shows?: RegExp };
type Failure = { exit: number; cause: RegExp };
type Outcome = Success | Failure;
const isFailure = (outcome: Outcome): outcome is Failure => 'cause' in outcome;

const SHOWS: Record<CommandName, RegExp> = {
  'devices ls': /dev_fa17000000000000.*loja/,
  'send text': new RegExp(`Text sent to 5581989769960 \\(id ${CANNED_MESSAGE_ID}\\)`),
  pair: /Device .* connected — now the current device of profile "default"/,
  'pair wait': /Device .* connected — now the current device of profile "default"/,
};

const OK: Outcome = { exit: 0 };
const TIMED_OUT: Outcome = {
  exit: 7,
  cause: new RegExp(
    `^Error: No answer from http://127\\.0\\.0\\.1:\\d+ within ${SHORT_TIMEOUT_SECONDS} s: the command's deadline \\(--timeout\\) passed — try again, or allow longer with --timeout SECONDS$`,
  ),
};
// pair's wait has its own bound (--wait-timeout): each of its polls gets the whole --timeout, which is longer here
// because the setup before the wait (three requests answered at once) is under the command's deadline. pair loads
// what draws the QR before its first request: loaded between two of them, it took seconds of the deadline on a
// starved machine (a device check answered well once met a 5 s deadline with the QR shown).
const POLL_TIMEOUT_SECONDS = 5;
const POLL_TIMED_OUT: Outcome = {
  exit: 7,
  cause: new RegExp(
    `^Error: No answer from http://127\\.0\\.0\\.1:\\d+ within ${POLL_TIMEOUT_SECONDS} s — try again, or allow longer with --timeout SECONDS$`,
  ),
};
// A send without an answer may have gone out: the line says so and how to check, never "try again".
const SEND_TIMED_OUT: Outcome = {
  exit: 7,
  cause: new RegExp(
    `^Error: No answer from http://127\\.0\\.0\\.1:\\d+ within ${SHORT_TIMEOUT_SECONDS} s: the command's deadline \\(--timeout\\) passed — the request may have reached the service and been carried out: check .* before sending it again$`,
  ),
};
const SEND_BROKEN: Outcome = {
  exit: 7,
  cause: /^Error: Connection to http:\/\/127\.0\.0\.1:\d+ failed \(.+\) — the request may have reached the service/,
};
const BROKEN_CONNECTION: Outcome = {
  exit: 7,
  cause: /^Error: Connection to http:\/\/127\.0\.0\.1:\d+ failed \(.+\) — check your network and try again$/,
};
const REFUSED: Outcome = {
  exit: 7,
  cause: /^Error: Could not reach http:\/\/127\.0\.0\.1:\d+ \(connection refused\) — check the address/,
};
const HTML_502: Outcome = {
  exit: 8,
  cause: /^Error \(502\): The service answered HTTP 502 with a body that is not JSON: <html>$/,
};
const NO_STATUS: Outcome = { exit: 8, cause: /^Error: Unexpected answer from the service: status is missing/ };
const UNAVAILABLE: Outcome = {
  exit: 8,
  cause:
    /^Error \(503\): Serviço temporariamente indisponível\. \(service temporarily unavailable — try again later\)$/,
};
const NOT_FOUND: Outcome = {
  exit: 4,
  cause: /^Error \(404\): Nenhum dispositivo encontrado\. \(no device found — .*`chatbot devices ls`.*\)$/,
};
// The line must say the HTTP status line failed: the body (status 200) may carry a success message of its own.
const HTTP_500: Outcome = { exit: 8, cause: /^Error \(500\): .*HTTP 500/ };
const HUGE_HTML: Outcome = {
  exit: 8,
  cause:
    /^Error \(200\): The service answered HTTP 200 with a body that is not JSON: <html><body><p>erro<\/p>.{0,250}$/,
};

/** What each command must do under each fault ('refuse' has no "pair wait": a server cannot refuse only some requests). */
const MATRIX: Record<Fault, Partial<Record<CommandName, Outcome>>> = {
  none: { 'devices ls': OK, 'send text': OK, pair: OK },
  refuse: { 'devices ls': REFUSED, 'send text': REFUSED, pair: REFUSED },
  hang: { 'devices ls': TIMED_OUT, 'send text': SEND_TIMED_OUT, pair: TIMED_OUT, 'pair wait': POLL_TIMED_OUT },
  // Answers each request after 1 s, well within --timeout.
  slow: { 'devices ls': OK, 'send text': OK },
  reset: {
    'devices ls': BROKEN_CONNECTION,
    'send text': SEND_BROKEN,
    pair: BROKEN_CONNECTION,
    'pair wait': BROKEN_CONNECTION,
  },
  drip: { 'devices ls': TIMED_OUT, 'send text': SEND_TIMED_OUT, 'pair wait': POLL_TIMED_OUT },
  'drip-body': { 'devices ls': TIMED_OUT, 'send text': SEND_TIMED_OUT, 'pair wait': POLL_TIMED_OUT },
  'html-502': { 'devices ls': HTML_502, 'send text': HTML_502, pair: HTML_502, 'pair wait': HTML_502 },
  // A success needs the body's status: without it the answer is not the service's (docs/architecture.md).
  'no-status': { 'devices ls': NO_STATUS, 'send text': NO_STATUS, 'pair wait': NO_STATUS },
  'no-status-503': { 'devices ls': UNAVAILABLE, 'send text': UNAVAILABLE, 'pair wait': UNAVAILABLE },
  // The body's status wins; listDevices's 404 is documented as an empty device list (docs/architecture.md).
  'status-404-on-200': {
    'devices ls': { exit: 0, shows: /No devices yet/ },
    'send text': NOT_FOUND,
    pair: NOT_FOUND,
    'pair wait': NOT_FOUND,
  },
  // A 5xx line is a failure whatever the body says.
  'status-200-on-500': { 'devices ls': HTTP_500, 'send text': HTTP_500, 'pair wait': HTTP_500 },
  'huge-json': { 'devices ls': OK, 'send text': OK, 'pair wait': OK },
  'huge-html': { 'devices ls': HUGE_HTML, 'send text': HUGE_HTML, 'pair wait': HUGE_HTML },
  'close-after-each': { 'devices ls': OK, 'send text': OK, pair: OK, 'pair wait': OK },
};

interface Profile {
  appkey?: string;
  devices?: { appkey: string; id: string; name: string }[];
}

function defaultProfile(configText: string): Profile {
  const data = JSON.parse(configText) as { profiles: Record<string, Profile> };
  return data.profiles.default ?? {};
}

/** Faults that only a timeout ends; the others run with an ample timeout so that a slow machine cannot decide them. */
const ENDED_BY_TIMEOUT: readonly Fault[] = ['hang', 'drip', 'drip-body'];

async function runUnderFault(fault: Fault, command: CommandName, extra: string[] = []) {
  const server = await startFaultServer(fault, { faultWhen: FAULT_WHEN[command] });
  const sandbox = await profileSandbox(server.url);
  const before = sandbox.configText();
  const short = command === 'pair wait' ? POLL_TIMEOUT_SECONDS : SHORT_TIMEOUT_SECONDS;
  const timeout = ENDED_BY_TIMEOUT.includes(fault) ? short : AMPLE_TIMEOUT_SECONDS;
  try {
    const run = await runBinary(sandbox.box, server.url, [...ARGS[command], ...extra], timeout);
    if (fault !== 'none') record('faults injected', 1);
    return { run, server, before, after: sandbox.configText() };
  } finally {
    await server.close();
    sandbox.box.cleanup();
  }
}

function checkSuccess(command: CommandName, outcome: Success, run: BinaryRun, before: string, after: string): void {
  expect(run.exitCode, run.stderr).toBe(0);
  expectNoCrashTrace(run.stderr);
  expect(run.stderr).not.toMatch(/^Error/m);
  expect(run.stdout).toMatch(outcome.shows ?? SHOWS[command]);
  if (command === 'pair' || command === 'pair wait') {
    const profile = defaultProfile(after);
    expect(profile.appkey, 'the paired device is current').toBe(CANNED_APPKEY);
    expect(profile.devices).toContainEqual(expect.objectContaining({ appkey: CANNED_APPKEY, id: CANNED_DEVICE_ID }));
  } else {
    expect(after, 'config file unchanged byte for byte').toBe(before);
  }
}

function checkFailure(command: CommandName, outcome: Failure, run: BinaryRun, before: string, after: string): void {
  expect(run.exitCode, run.stderr.slice(0, 2000)).toBe(outcome.exit);
  if (command !== 'pair wait') {
    expect(run.stdout, 'nothing on stdout').toBe('');
    expectOneErrorLine(run.stderr, outcome.cause);
    expect(after, 'config file unchanged byte for byte').toBe(before);
    return;
  }
  // The QR code was shown and the device saved before the wait began; the wait's failure adds only the error line.
  expect(run.stdout).toContain('Scan it with the phone');
  expect(run.stdout).not.toMatch(/Error|connected —/);
  expectErrorAsLastLine(run.stderr, outcome.cause);
  const profile = defaultProfile(after);
  expect(profile.appkey, 'the current device is unchanged').toBe(APPKEY);
  expect(profile.devices, 'the paired device is saved').toContainEqual({
    appkey: CANNED_APPKEY,
    id: CANNED_DEVICE_ID,
    name: CANNED_APPKEY,
  });
}

/** A request after a closed keep-alive answer came on a new connection, and nothing failed: the dead socket was not reused. */
function checkFreshConnections(server: FaultServer, command: CommandName): void {
  expect(server.faulted.length, 'some answers were followed by a close').toBeGreaterThan(0);
  const followed = server.faulted.filter((index) => index + 1 < server.seen.length);
  if (command === 'pair' || command === 'pair wait')
    expect(followed.length, 'a request came after a closed answer').toBeGreaterThan(0);
  for (const index of followed) {
    expect(server.seen[index + 1]?.connection, `request ${index + 1} on a fresh connection`).not.toBe(
      server.seen[index]?.connection,
    );
  }
}

const cases = Object.entries(MATRIX).flatMap(([fault, commands]) =>
  Object.entries(commands).map(([command, outcome]) => ({
    fault: fault as Fault,
    command: command as CommandName,
    outcome: outcome,
  })),
);

describe.concurrent('the built CLI under an injected fault', () => {
  it.each(cases)('$fault × $command', async ({ fault, command, outcome }) => {
    const { run, server, before, after } = await runUnderFault(fault, command);
    expect(run.timedOut, 'the CLI ended by itself').toBe(false);
    if (isFailure(outcome)) checkFailure(command, outcome, run, before, after);
    else checkSuccess(command, outcome, run, before, after);
    if (fault === 'close-after-each') checkFreshConnections(server, command);
    if (fault === 'refuse') expect(server.requests).toBe(0);
    // With one deadline for all attempts, a busy machine may spend the whole second before the request arrives.
    else if (!ENDED_BY_TIMEOUT.includes(fault))
      expect(server.requests, 'the fault server was reached').toBeGreaterThan(0);
  });
});

describe.concurrent('--json under an injected fault: one document on stdout or none, one error line on stderr', () => {
  it('refused connection × devices ls --json', async () => {
    const { run, before, after } = await runUnderFault('refuse', 'devices ls', ['--json']);
    expect(run.exitCode).toBe(7);
    expect(run.stdout).toBe('');
    expect(jsonFailure(run.stderr)).toEqual({
      status: null,
      exitCode: 7,
      message: expect.stringMatching(/connection refused/),
    });
    expect(after).toBe(before);
  });

  it('HTML 502 × send text --json', async () => {
    const { run } = await runUnderFault('html-502', 'send text', ['--json']);
    expect(run.exitCode).toBe(8);
    expect(run.stdout).toBe('');
    expect(jsonFailure(run.stderr)).toEqual({
      status: 502,
      exitCode: 8,
      message: expect.stringMatching(/HTTP 502 with a body that is not JSON/),
    });
  });

  it('body status 404 on an HTTP 200 line × send text --json', async () => {
    const { run } = await runUnderFault('status-404-on-200', 'send text', ['--json']);
    expect(run.exitCode).toBe(4);
    expect(run.stdout).toBe('');
    expect(jsonFailure(run.stderr)).toEqual({
      status: 404,
      exitCode: 4,
      message: expect.stringMatching(/^Nenhum dispositivo encontrado\. \(no device found/),
    });
  });

  it('body status 404 on an HTTP 200 line × devices ls --json is the documented empty list', async () => {
    const { run } = await runUnderFault('status-404-on-200', 'devices ls', ['--json']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('');
    expect(oneDocument(run.stdout)).toEqual({ status: 200, dispositivos: [] });
  });

  it('10 MB JSON body × devices ls --json prints it as one document', async () => {
    const { run } = await runUnderFault('huge-json', 'devices ls', ['--json']);
    expect(run.exitCode, run.stderr.slice(0, 500)).toBe(0);
    expect(run.stderr).toBe('');
    const document = oneDocument(run.stdout);
    expect(document.status).toBe(200);
    expect(String(document.padding)).toHaveLength(10 * 1024 * 1024);
  });

  it('10 MB HTML body × send text --json', async () => {
    const { run } = await runUnderFault('huge-html', 'send text', ['--json']);
    expect(run.exitCode).toBe(8);
    expect(run.stdout).toBe('');
    const failure = jsonFailure(run.stderr);
    expect(failure).toMatchObject({ status: 200, exitCode: 8 });
    expect(failure.message.length, 'the error quotes the start of the body, not all of it').toBeLessThan(400);
  });

  it("a hang during pair's wait × pair --json keeps the early document and adds one error line", async () => {
    const { run } = await runUnderFault('hang', 'pair wait', ['--json']);
    expect(run.exitCode).toBe(7);
    const document = oneDocument(run.stdout);
    expect(Object.keys(document).sort()).toEqual(['appkey', 'qrcode']);
    expect(document.appkey, 'the appkey is masked').toBe(`${CANNED_APPKEY.slice(0, 4)}…${CANNED_APPKEY.slice(-4)}`);
    expect(jsonFailure(run.stderr)).toEqual({
      status: null,
      exitCode: 7,
      message: expect.stringMatching(`within ${POLL_TIMEOUT_SECONDS} s`),
    });
  });
});
