// Where dev writes what happens: terminal lines (the traffic and the bot's lines on stdout, the bot's stderr on
// stderr, each bot line marked `bot |`), or with --json one JSON object per line on stdout (NDJSON) for tools.
import type { ChatMessage } from '../../../../api/emulator-control.js';
import type { Context } from '../../../context.js';
import { messageLines } from '../conversation/message-lines.js';
import type { BotStream } from './bot-process.js';
import { requestLine, webhookLine, type RequestEntry, type WebhookEntry } from './traffic.js';

export interface DevSink {
  message(message: ChatMessage): void;
  request(entry: RequestEntry): void;
  webhook(attempt: WebhookEntry): void;
  bot(stream: BotStream, text: string): void;
  /**
   * A fact of the session (`ready`: where the emulator and the console are, the device; `exit`: how the bot ended):
   * its lines on stderr, or one object of that type under --json.
   */
  fact(type: string, facts: Record<string, unknown>, lines: readonly string[]): void;
}

const BOT_MARK = 'bot |';

/** The sink of the run's output mode, times in `timeZone`. */
export function devSink(ctx: Context, timeZone: string): DevSink {
  return ctx.out.json ? ndjsonSink(ctx) : lineSink(ctx, timeZone);
}

function lineSink(ctx: Context, timeZone: string): DevSink {
  const { style, errStyle } = ctx.out;
  const options = { style, timeZone, clock: 'time' as const };
  const write = (text: string) => ctx.out.raw(`${ctx.out.redact(text)}\n`);
  return {
    message: (message) => {
      for (const line of messageLines(message, options)) write(line);
    },
    request: (entry) => write(requestLine(entry, options)),
    webhook: (attempt) => write(webhookLine(attempt, options)),
    bot: (stream, text) => {
      if (stream === 'stdout') write(`${style.magenta(BOT_MARK)} ${text}`);
      else ctx.io.stderr.write(`${errStyle.magenta(BOT_MARK)} ${ctx.out.redact(text)}\n`);
    },
    fact: (_type, _facts, lines) => {
      if (lines.length > 0) ctx.out.info(lines.join('\n'));
    },
  };
}

function ndjsonSink(ctx: Context): DevSink {
  const write = (type: string, data: object) => ctx.out.raw(`${ctx.out.redact(JSON.stringify({ type, ...data }))}\n`);
  return {
    message: (message) => write('message', message),
    request: (entry) => write('request', entry),
    webhook: (attempt) => write('webhook', attempt),
    bot: (stream, text) => write('bot', { stream, text }),
    fact: (type, facts) => write(type, facts),
  };
}
