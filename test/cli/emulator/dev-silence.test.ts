// dev's hint for a bot that sends nothing here, on vitest's fake timers: it comes once the wait after a delivery the
// bot answered with a success ends with no request of the bot, and not when a request came during the delivery or
// the wait, for a failed delivery, or for an event about the bot's own send.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSilence } from '../../../src/cli/commands/emulator/dev/silence.js';
import type { DevSink } from '../../../src/cli/commands/emulator/dev/sink.js';
import type { RequestEntry, WebhookEntry } from '../../../src/cli/commands/emulator/dev/traffic.js';

const WHERE = { url: 'http://127.0.0.1:8484', authkey: 'a'.repeat(30), appkey: 'b'.repeat(16) };

function recording({ afterMs }: { afterMs: number | undefined } = { afterMs: 1000 }) {
  const facts: { type: string; facts: Record<string, unknown>; lines: readonly string[] }[] = [];
  const sink: DevSink = {
    message: () => undefined,
    request: () => undefined,
    webhook: () => undefined,
    bot: () => undefined,
    fact: (type, told, lines) => facts.push({ type, facts: told, lines }),
  };
  return { facts, watch: watchSilence(sink, afterMs, () => WHERE) };
}

/** A delivery that ended at `endedAt` (emulator ms) after `latency` ms, answered `status`. */
function delivery(endedAt: number, { status = 200, tipo = 'Chat', latency = 50 } = {}): WebhookEntry {
  return {
    entrega: 1,
    tentativa: 1,
    em: new Date(endedAt).toISOString(),
    httpStatus: status,
    erro: null,
    latenciaMs: latency,
    proxima: null,
    idMessagem: '3EB0AAAA',
    evento: 'text',
    chat: '5521998765432',
    dispositivo: 'dev_1',
    enviado: { url: 'http://127.0.0.1:3000/', cabecalhos: {}, corpo: { tipo } },
    resposta: null,
  };
}

const request = (at: number) => ({ timestamp: new Date(at).toISOString() }) as RequestEntry;

const T = Date.parse('2026-11-28T12:00:00Z');

describe("dev's hint for a bot that sends nothing here", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('comes after the wait, once, with where to send and the keys masked', () => {
    const { facts, watch } = recording();
    watch.webhook(delivery(T));
    vi.advanceTimersByTime(999);
    expect(facts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(facts).toHaveLength(1);
    expect(facts[0]?.facts).toMatchObject({ hint: 'silent-bot', baseUrl: WHERE.url, authkey: 'aaaa…aaaa' });
    expect(facts[0]?.lines.join('\n')).toContain(
      `CHATBOT_BASE_URL=${WHERE.url} CHATBOT_AUTHKEY=aaaa…aaaa CHATBOT_APPKEY=bbbb…bbbb`,
    );
    vi.advanceTimersByTime(10_000);
    expect(facts).toHaveLength(1);
  });

  it('not when the bot sent during the delivery (its request shown before the delivery ended)', () => {
    const { facts, watch } = recording();
    watch.request(request(T - 20));
    watch.webhook(delivery(T, { latency: 50 }));
    vi.advanceTimersByTime(5000);
    expect(facts).toEqual([]);
  });

  it('not when a request of the bot comes during the wait', () => {
    const { facts, watch } = recording();
    watch.webhook(delivery(T));
    vi.advanceTimersByTime(500);
    watch.request(request(T + 500));
    vi.advanceTimersByTime(5000);
    expect(facts).toEqual([]);
  });

  it('not without a wait: the webhook is the built-in receiver, not a bot', () => {
    const { facts, watch } = recording({ afterMs: undefined });
    watch.webhook(delivery(T));
    vi.advanceTimersByTime(60_000);
    expect(facts).toEqual([]);
  });

  it('not for a failed delivery, nor for an event about the bot’s own send, nor once dev stops', () => {
    const { facts, watch } = recording();
    watch.webhook(delivery(T, { status: 500 }));
    watch.webhook(delivery(T, { tipo: 'Me' }));
    vi.advanceTimersByTime(5000);
    watch.webhook(delivery(T + 5000));
    watch.stop();
    vi.advanceTimersByTime(5000);
    expect(facts).toEqual([]);
  });
});
