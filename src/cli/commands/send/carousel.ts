// send carousel: cards read from a JSON file or stdin, checked before anything is sent.
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendCarouselCommand } from './carousel-command.js';
import { readAll } from '../../io.js';
import { reportDone } from '../../shared/confirmation.js';
import { checkCards } from './cards.js';
import { parseJsonText } from './json-syntax.js';
import { recipientOf, textOrStdin, valueOrPrompt } from '../../shared/inputs.js';

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
