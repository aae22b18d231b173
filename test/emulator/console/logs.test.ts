// The logs the console keeps: a read and the live events merged, each row once, in order, the newest kept.
import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../../src/emulator/control/types.js';
import { withAttempts, withRequests, type DeviceAttempt } from '../../../src/emulator/console/page/logs.js';
import { KEPT_LOG_ROWS } from '../../../src/emulator/console/page/store.js';

const request = (id: number) => ({ id, method: 'POST', path: '/api/create-message' }) as LoggedRequest;
const attempt = (entrega: number, tentativa: number, em: string): DeviceAttempt => ({
  entrega,
  tentativa,
  em,
  httpStatus: 200,
  erro: null,
  latenciaMs: 3,
  proxima: null,
  idMessagem: `3EB0${entrega}`,
  evento: 'mensagem',
  chat: '5511999990000',
  enviado: { url: 'http://127.0.0.1:9/hook', cabecalhos: {}, corpo: {} },
  resposta: null,
  dispositivo: 'dev_1',
});

describe('the logs kept', () => {
  it('keeps a request both the read and the stream brought once, in id order', () => {
    const live = [request(3), request(4)];
    const read = [request(1), request(2), request(3)];
    expect(withRequests(live, read).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(withRequests(read, [request(3)]).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('keeps only the newest rows', () => {
    const many = Array.from({ length: KEPT_LOG_ROWS + 5 }, (_, i) => request(i + 1));
    const kept = withRequests([], many);
    expect(kept).toHaveLength(KEPT_LOG_ROWS);
    expect(kept[0]?.id).toBe(6);
  });

  it('knows an attempt by its delivery and number, and orders attempts by when they ended', () => {
    const first = attempt(7, 1, '2030-01-01T12:00:01.000Z');
    const retry = attempt(7, 2, '2030-01-01T12:00:05.000Z');
    const other = attempt(8, 1, '2030-01-01T12:00:03.000Z');
    expect(withAttempts([first, retry], [other, first])).toEqual([first, other, retry]);
  });
});
