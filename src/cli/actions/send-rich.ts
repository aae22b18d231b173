// send buttons (E6), send carousel (E5), send poll (E8), send template (E10).
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import { refuseBatchFlags } from '../batch/options.js';
import type { InputOf } from '../command.js';
import type {
  sendButtonsCommand,
  sendCarouselCommand,
  sendPollCommand,
  sendTemplateCommand,
} from '../commands/send.js';
import { readAll } from '../io.js';
import { reportDone } from '../shared/confirmation.js';
import { parseButtons } from '../send/buttons.js';
import { checkCards } from '../send/cards.js';
import { pollOptions, templateVariables } from '../send/fields.js';
import { parseJsonText } from '../send/json-syntax.js';
import { messageOf, recipientOf, requiredTrimmed, textOrStdin, valueOrPrompt } from '../shared/inputs.js';

export async function sendButtons(ctx: Context, { opts }: InputOf<typeof sendButtonsCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const message = await messageOf(ctx, opts);
  const buttons = parseButtons(opts.button ?? []);
  const { header, footer } = opts;
  const body = await (await ctx.api()).sendButtons(keys, { to, message, buttons, header, footer });
  reportDone(ctx, body, `Message with ${buttons.length} button(s) sent to ${to}`);
}

/** The cards file's text: `-` is stdin (which `--message -` then cannot also use). */
async function cardsText(ctx: Context, source: string): Promise<string> {
  if (source === '-') return readAll(ctx.io.stdin);
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--cards: cannot read "${source}" (${code}) — give a JSON file, or - for stdin`);
  }
}

export async function sendCarousel(ctx: Context, { opts }: InputOf<typeof sendCarouselCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const source = await valueOrPrompt(ctx, opts, 'cards', '--cards', 'Cards JSON file');
  const rawMessage = await valueOrPrompt(ctx, opts, 'message', '--message', 'Text above the cards');
  if (source === '-' && rawMessage === '-') throw new UsageError('--cards - and --message - cannot both read stdin');
  const label = source === '-' ? '--cards (stdin)' : `--cards ${source}`;
  const cards = checkCards(parseJsonText(await cardsText(ctx, source), label));
  const message = await textOrStdin(ctx, '--message', rawMessage);
  const { footer } = opts;
  const body = await (await ctx.api()).sendCarousel(keys, { to, message, cards, footer });
  reportDone(ctx, body, `Carousel of ${cards.length} card(s) sent to ${to}`);
}

export async function sendPoll(ctx: Context, { opts }: InputOf<typeof sendPollCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const rawQuestion = await valueOrPrompt(ctx, opts, 'question', '--question', 'Question');
  const question = await textOrStdin(ctx, '--question', rawQuestion);
  const options = pollOptions('--option', opts.option ?? []);
  const multiple = opts.multiple;
  const body = await (await ctx.api()).sendPoll(keys, { to, question, options, multiple });
  reportDone(
    ctx,
    body,
    `Poll with ${options.length} options sent to ${to}${multiple ? ' (several choices allowed)' : ''}`,
  );
}

export async function sendTemplate(ctx: Context, { opts }: InputOf<typeof sendTemplateCommand>): Promise<void> {
  if (opts.batch !== undefined) return (await import('./send-batch.js')).sendBatch(ctx, opts, 'template');
  refuseBatchFlags(opts);
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const templateId = await requiredTrimmed(ctx, opts, 'template', '--template', 'Template ID');
  const variables = templateVariables('--var', opts.var ?? []);
  const body = await (await ctx.api()).sendTemplate(keys, { to, templateId, variables });
  reportDone(ctx, body, `Template ${templateId} sent to ${to}`);
}
