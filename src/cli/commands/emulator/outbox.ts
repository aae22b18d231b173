// emulator outbox: a device's conversation both ways (every chat, or one), each message rendered in the profile's
// time zone, then, with --follow, the messages as they come (the emulator's live events).
import { UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { Context } from '../../context.js';
import { recipient } from '../../shared/validate.js';
import type { EmulatorControl } from '../../../api/emulator-control.js';
import { controlAppkey, emulatorControl } from './control-client.js';
import { readConversation, type Conversation } from './conversation/history.js';
import { messageLines, pendingLine, type LineOptions } from './conversation/message-lines.js';
import { followDevice } from './conversation/follow.js';
import type { emulatorOutboxCommand } from './outbox-command.js';

function listing(conversation: Conversation, options: LineOptions): string[] {
  const lines = conversation.messages.flatMap((message) => messageLines(message, options));
  if (conversation.pending.length === 0) return lines;
  const pending = conversation.pending.map(({ schedule, chats }) => pendingLine(schedule, chats, options));
  return [...lines, options.style.dim('Scheduled, not sent yet:'), ...pending];
}

/** The document of --json: the messages both ways (those the device sent keep the outbox's `to`) and the schedules. */
function document(conversation: Conversation): Record<string, unknown> {
  return {
    status: 200,
    mensagens: conversation.messages.map((m) => (m.direction === 'out' ? { ...m, to: m.chat } : m)),
    agendados: conversation.pending.map(({ schedule, chats }) => ({ ...schedule, chats })),
  };
}

export async function emulatorOutbox(ctx: Context, { opts }: InputOf<typeof emulatorOutboxCommand>): Promise<void> {
  if (opts.follow && ctx.out.json)
    throw new UsageError('--follow prints lines as they come; --json prints one document: use one of them');
  const to = opts.to === undefined ? undefined : recipient('--to', opts.to);
  const appkey = await controlAppkey(ctx);
  const control = await emulatorControl(ctx);
  const options: LineOptions = {
    style: ctx.out.style,
    timeZone: (await ctx.settings()).timezone.value,
    clock: 'date-time',
  };
  if (opts.follow) {
    await follow(ctx, control, { appkey, to, options });
    return;
  }
  const conversation = await readConversation(control, appkey, to);
  ctx.out.result(document(conversation), () =>
    conversation.messages.length + conversation.pending.length === 0
      ? `Nothing sent or received yet by this device${to === undefined ? '' : ` in the chat with ${to}`}.`
      : listing(conversation, options),
  );
}

async function follow(
  ctx: Context,
  control: EmulatorControl,
  input: { appkey: string; to: string | undefined; options: LineOptions },
): Promise<void> {
  const interrupt = ctx.run.catchInterrupt();
  try {
    await followDevice(ctx, control, {
      ...input,
      baseUrl: await ctx.serviceUrl(),
      signal: interrupt.signal,
      history: (conversation) => {
        for (const line of listing(conversation, input.options)) ctx.out.raw(`${line}\n`);
        ctx.out.info('Following new messages; Ctrl-C to stop.');
      },
      message: (message) => {
        for (const line of messageLines(message, input.options)) ctx.out.raw(`${line}\n`);
      },
    });
  } finally {
    interrupt.release();
  }
}
