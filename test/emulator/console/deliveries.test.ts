// What the chat reads from the logs, without a browser: a contact's message's delivery state from its newest attempt,
// the refused sends of a chat (on its device, or on every device when the keys named none), where they go among the
// messages, whether the bot was silent after a message, and an attempt as a curl command a shell reads back as the
// same POST.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../../src/emulator/control/types.js';
import {
  curlOf,
  deliveriesOf,
  placeRefused,
  refusedIn,
  silentAfter,
} from '../../../src/emulator/console/page/deliveries.js';
import type { DeviceAttempt } from '../../../src/emulator/console/page/logs.js';

const attempt = (entrega: number, tentativa: number, change: Partial<DeviceAttempt> = {}): DeviceAttempt => ({
  entrega,
  tentativa,
  em: '2030-01-01T12:00:00.000Z',
  httpStatus: 200,
  erro: null,
  latenciaMs: 3,
  proxima: null,
  idMessagem: 'M1',
  evento: 'text',
  chat: '551',
  enviado: { url: 'http://127.0.0.1:9/hook', cabecalhos: { 'content-type': 'application/json' }, corpo: {} },
  resposta: null,
  dispositivo: 'dev_1',
  ...change,
});

describe('deliveriesOf', () => {
  it('says delivered, retrying or failed from the newest attempt of the message on that device', () => {
    const failing = { httpStatus: 500, erro: 'HTTP 500', proxima: '2030-01-01T12:00:01.000Z' };
    const states = (attempts: DeviceAttempt[]) =>
      Object.fromEntries([...deliveriesOf(attempts, 'dev_1')].map(([id, d]) => [id, d.state]));
    expect(states([attempt(1, 1, failing)])).toEqual({ M1: 'retrying' });
    expect(states([attempt(1, 2), attempt(1, 1, failing)])).toEqual({ M1: 'delivered' });
    expect(states([attempt(1, 15, { ...failing, proxima: null })])).toEqual({ M1: 'failed' });
    expect(states([attempt(1, 1, { httpStatus: null, erro: 'ECONNREFUSED', proxima: null })])).toEqual({
      M1: 'failed',
    });
    expect(states([attempt(1, 1, failing), attempt(2, 1)])).toEqual({ M1: 'delivered' });
    expect(states([attempt(1, 1, { dispositivo: 'dev_2' })])).toEqual({});
  });
});

describe('refusedIn and placeRefused', () => {
  const refused = (id: number, change: Partial<LoggedRequest>) =>
    ({
      id,
      timestamp: `2030-01-01T12:00:0${id}.000Z`,
      reason: 'x',
      chat: '551',
      dispositivo: 'dev_1',
      ...change,
    }) as LoggedRequest;

  it("keeps the refused sends to the chat's contact on its device, or on any when the keys named none", () => {
    const rows = [
      refused(1, {}),
      refused(2, { dispositivo: null }),
      refused(3, { dispositivo: 'dev_2' }),
      refused(4, { chat: '552' }),
      refused(5, { reason: null }),
    ];
    expect(refusedIn(rows, 'dev_1', '551').map((r) => r.id)).toEqual([1, 2]);
  });

  it('puts each refused send before the first message after it', () => {
    const at = (second: number) => ({ second });
    const placed = placeRefused([at(0), at(3), at(9)], (m) => Date.parse(`2030-01-01T12:00:0${m.second}.000Z`), [
      refused(1, {}),
      refused(2, {}),
      refused(5, {}),
    ]);
    expect(placed.map((item) => ('second' in item ? `m${item.second}` : `r${item.id}`))).toEqual([
      'm0',
      'r1',
      'r2',
      'm3',
      'r5',
      'm9',
    ]);
  });
});

describe('silentAfter', () => {
  it('is true until the bot sends in the chat or a send of its is refused, after the message', () => {
    const message = { timestamp: '2030-01-01T12:00:05.000Z' };
    const out = (second: number) => ({ direction: 'out', timestamp: `2030-01-01T12:00:0${second}.000Z` });
    const refusal = { timestamp: '2030-01-01T12:00:06.000Z' } as LoggedRequest;
    expect(silentAfter(message, [out(1), { ...out(6), direction: 'in' }], [])).toBe(true);
    expect(silentAfter(message, [out(6)], [])).toBe(false);
    expect(silentAfter(message, [], [refusal])).toBe(false);
  });
});

describe('curlOf', () => {
  it('quotes for a shell: the address, the headers and the body read back as sent', () => {
    const corpo = { mensagem: 'it\'s "quoted" $HOME `x`', idMessagem: 'M1' };
    const command = curlOf(
      attempt(1, 1, {
        enviado: {
          url: 'http://127.0.0.1:9/hook?a=1&b=2',
          cabecalhos: { 'x-emulator-delivery': '1', 'content-length': '9' },
          corpo,
        },
      }),
    );
    expect(command).not.toContain('content-length');
    // The shell's own reading of the command: each argument as curl would get it.
    const args = execFileSync('sh', [
      '-c',
      `set -- ${command.replace(/^curl /, '').replace(/\\\n/g, ' ')}; for a; do printf '%s\\0' "$a"; done`,
    ])
      .toString()
      .split('\0')
      .slice(0, -1);
    expect(args).toEqual([
      '-i',
      '-X',
      'POST',
      'http://127.0.0.1:9/hook?a=1&b=2',
      '-H',
      'x-emulator-delivery: 1',
      '--data-raw',
      JSON.stringify(corpo),
    ]);
  });
});
