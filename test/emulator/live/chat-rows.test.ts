// The log rows a live snapshot carries for the chats a follower names (its webhook attempts and refused sends) are read
// by chat from the logs' indexes: the same rows, in the same order, as filtering the whole log gave, also after the
// oldest rows left the bounded logs.
import { describe, expect, it } from 'vitest';
import { AttemptLog } from '../../../src/emulator/instruments/attempt-log.js';
import { RequestLog } from '../../../src/emulator/instruments/request-log.js';

function attempt(device: string, chat: string, delivery: number) {
  return {
    delivery,
    device,
    attempt: 1,
    at: Date.parse('2026-11-28T12:00:00Z') + delivery,
    httpStatus: 200,
    error: undefined,
    retryAt: undefined,
    payload: JSON.stringify({ evento: 'text', chat, idMessagem: `m${delivery}` }),
  };
}

function refusal(log: RequestLog, chat: string, device: string | null) {
  return log.record({
    method: 'POST',
    path: '/api/create-message',
    operation: 'sendText',
    status: 401,
    httpStatus: 401,
    fault: undefined,
    reason: `refused for ${chat}`,
    fields: { to: chat, message: 'oi' },
    at: Date.parse('2026-11-28T12:00:00Z'),
    issuedKeys: [],
    refused: { chat, device },
  });
}

describe("a snapshot's rows of the named chats", () => {
  it('attempts: those of the named device and chat, in the order they ended, the newest `limit`', () => {
    const log = new AttemptLog();
    const plan: [string, string][] = [
      ['d1', '551'],
      ['d2', '551'],
      ['d1', '552'],
      ['d1', '551'],
      ['d1', '553'],
      ['d1', '552'],
    ];
    plan.forEach(([device, chat], index) => log.record(attempt(device, chat, index + 1)));
    const chats = [
      { device: 'd1', chat: '551' },
      { device: 'd1', chat: '552' },
    ];
    expect(log.ofChats(chats, 500).map((row) => row.entrega)).toEqual([1, 3, 4, 6]);
    expect(log.ofChats(chats, 2).map((row) => row.entrega)).toEqual([4, 6]);
    expect(log.ofChats([{ device: 'd2', chat: '551' }], 500).map((row) => [row.dispositivo, row.chat])).toEqual([
      ['d2', '551'],
    ]);
    expect(log.ofChats([{ device: 'd3', chat: '551' }], 500)).toEqual([]);
  });

  it('attempts: the index forgets what left the bounded log, and a reset', () => {
    const log = new AttemptLog(3);
    for (let delivery = 1; delivery <= 5; delivery += 1)
      log.record(attempt('d1', delivery % 2 ? '551' : '552', delivery));
    expect(log.ofChats([{ device: 'd1', chat: '551' }], 500).map((row) => row.entrega)).toEqual([3, 5]);
    expect(log.ofChats([{ device: 'd1', chat: '552' }], 500).map((row) => row.entrega)).toEqual([4]);
    log.clear();
    expect(log.ofChats([{ device: 'd1', chat: '551' }], 500)).toEqual([]);
  });

  it("refused sends: the chat's device's, and those whose keys named no device, in order; none of other chats", () => {
    const log = new RequestLog();
    refusal(log, '551', 'd1');
    refusal(log, '551', 'd2');
    refusal(log, '551', null);
    refusal(log, '552', 'd1');
    log.record({
      method: 'POST',
      path: '/api/create-message',
      operation: 'sendText',
      status: 200,
      httpStatus: 200,
      fault: undefined,
      fields: { to: '551' },
      at: 0,
      issuedKeys: [],
    });
    const rows = log.refusedIn([{ device: 'd1', chat: '551' }], 500);
    expect(rows.map((row) => [row.id, row.dispositivo])).toEqual([
      [1, 'd1'],
      [3, null],
    ]);
    const both = log.refusedIn(
      [
        { device: 'd1', chat: '552' },
        { device: 'd2', chat: '551' },
      ],
      500,
    );
    expect(both.map((row) => row.id)).toEqual([2, 3, 4]);
    expect(log.refusedIn([{ device: 'd1', chat: '551' }], 1).map((row) => row.id)).toEqual([3]);
  });

  it('refused sends: the index forgets what left the bounded log, and a reset', () => {
    const log = new RequestLog(2);
    for (let i = 0; i < 4; i += 1) refusal(log, '551', 'd1');
    expect(log.refusedIn([{ device: 'd1', chat: '551' }], 500).map((row) => row.id)).toEqual([3, 4]);
    log.clear();
    expect(log.refusedIn([{ device: 'd1', chat: '551' }], 500)).toEqual([]);
  });
});
