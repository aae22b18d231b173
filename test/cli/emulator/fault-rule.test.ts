import { describe, expect, it } from 'vitest';
import { describeFault } from '../../../src/cli/commands/emulator/fault/describe.js';
import { faultRule } from '../../../src/cli/commands/emulator/fault/add.js';
import { Chalk } from 'chalk';
import { requestLine } from '../../../src/cli/commands/emulator/requests.js';
import { UsageError } from '../../../src/errors.js';
import { duration } from '../../../src/cli/flag-parsers.js';
import { FAULT_ERRORS } from '../../../src/cli/commands/emulator/fault/add-command.js';
import { NAMED_ERRORS } from '../../../src/emulator/instruments/faults/named-errors.js';

type Opts = Parameters<typeof faultRule>[0];
const opts = (given: Partial<Opts>): Opts => ({
  path: undefined,
  operation: undefined,
  device: undefined,
  to: undefined,
  error: undefined,
  status: undefined,
  message: undefined,
  http200: undefined,
  delay: undefined,
  drop: undefined,
  times: undefined,
  ...given,
});

describe('emulator fault add: the rule sent to the control API', () => {
  it('turns durations into milliseconds and phones into digits', () => {
    expect(faultRule(opts({ delay: duration('3s'), to: '+55 (21) 99876-5432', times: 2 }))).toEqual({
      delayMs: 3000,
      to: '5521998765432',
      times: 2,
    });
    expect(faultRule(opts({ delay: duration('250') }))).toEqual({ delayMs: 250 });
    expect(faultRule(opts({ error: 'license', http200: true, operation: 'sendText' }))).toEqual({
      error: 'license',
      http200: true,
      operation: 'sendText',
    });
  });

  it('refuses a rule without an action, or with flags that contradict each other', () => {
    for (const given of [
      {},
      { drop: true as const, status: 500 },
      { http200: true as const },
      { error: 'internal' as const, status: 500 },
    ]) {
      expect(() => faultRule(opts(given))).toThrow(UsageError);
    }
  });
});

describe('human lines', () => {
  it('a rule says what it matches, what it does and how often; the appkey masked', () => {
    const line = describeFault({
      id: 'flt_3',
      match: { appkey: 'a1b2c3d4e5f6a7b8c9d0', to: '5521998765432' },
      status: 429,
      message: 'Muitas',
      http200: true,
      remaining: 1,
      hits: 2,
    });
    expect(line).toMatch(
      /^flt_3: device .*, to \+5521998765432 → answer 429 "Muitas" with HTTP 200 \(1 more\); hit 2×$/,
    );
    expect(line).not.toContain('a1b2c3d4e5f6a7b8c9d0');
    expect(describeFault({ id: 'flt_1', match: {}, drop: true, hits: 0 })).toBe(
      'flt_1: every service request → drop the connection; hit 0×',
    );
  });

  it("a rule on a device the user named shows the name whole, through the run's masker", () => {
    const rule = { id: 'flt_2', match: { appkey: 'vitrine' }, drop: true, hits: 0 };
    expect(describeFault(rule)).toContain('device ****');
    expect(describeFault(rule, (key) => (key === 'vitrine' ? key : '****'))).toContain('device vitrine →');
  });

  it('a dropped request and an HTTP 200 fault show as such', () => {
    const base = {
      id: 1,
      timestamp: '2030-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/api/create-message',
      operation: 'sendText',
      appkey: null,
      body: {},
      reason: null,
    };
    const options = { timeZone: 'America/Sao_Paulo', style: new Chalk({ level: 0 }) };
    expect(requestLine({ ...base, status: null, httpStatus: null, fault: 'magic:5500000000000' }, options)).toBe(
      '2029-12-31 21:00:00 dropped POST /api/create-message sendText [fault magic:5500000000000]',
    );
    expect(
      requestLine(
        {
          ...base,
          status: 500,
          httpStatus: 200,
          fault: 'flt_1',
          reason: 'fault rule flt_1 (sendText → 500 as HTTP 200)',
        },
        options,
      ),
    ).toBe(
      '2029-12-31 21:00:00 500 (HTTP 200) POST /api/create-message sendText [fault flt_1] — fault rule flt_1 (sendText → 500 as HTTP 200)',
    );
  });
});

describe('fault add --error', () => {
  it("offers exactly the emulator's named errors (the CLI keeps its own copy of the list)", () => {
    expect([...FAULT_ERRORS].sort()).toEqual(Object.keys(NAMED_ERRORS).sort());
  });
});
