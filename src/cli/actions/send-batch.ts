// send text --batch / send template --batch: check every row, then send with a journal that survives a crash.
import { readFile } from 'node:fs/promises';
import {
  ApiError,
  IncompleteBatch,
  InterruptedError,
  MalformedResponse,
  NetworkError,
  UnexpectedAnswer,
  UsageError,
} from '../../errors.js';
import type { ServiceApi } from '../../api/service.js';
import { DryRunComplete, type Context } from '../context.js';
import { readAllBytes } from '../io.js';
import type { InterruptCatcher } from '../wait/interrupt.js';
import { messageIdOf } from '../sent.js';
import { batchOptions, type BatchFlags, type BatchOptions } from '../batch/options.js';
import { detectFormat, parseRows } from '../batch/parse.js';
import {
  checkRows,
  type BatchKind,
  type BatchRow,
  type CheckedRows,
  type MediaPayload,
  type RowDefaults,
} from '../batch/rows.js';
import { Journal, lockJournal, readJournal } from '../batch/journal.js';
import { planRun, type ResumePlan } from '../batch/resume.js';
import { runRows, type SendRow } from '../batch/runner.js';
import { startProgress } from '../batch/progress.js';
import { Tally, summaryLines, type BatchSummary } from '../batch/summary.js';
import { templateVariables } from '../send/fields.js';
import { requiredTrimmed, textOrStdin } from '../send/inputs.js';

/** The flags of `send text|template|media --batch`. */
export interface BatchSendFlags extends BatchFlags {
  message?: string | undefined;
  caption?: string | undefined;
  template?: string | undefined;
  var?: string[] | undefined;
}

const UNREACHABLE_LIMIT = 10;
const SAME_FAILURE_LIMIT = 20;
const RETRY_DELAYS_MS = [250, 750, 2000];

/** Runs a batch of `kind` sends from `--batch FILE|-`. */
export async function sendBatch(ctx: Context, opts: BatchSendFlags, kind: BatchKind): Promise<void> {
  const options = batchOptions(opts);
  const keys = await ctx.deviceKeys();
  const templateId =
    kind === 'template' ? await requiredTrimmed(ctx, opts, 'template', '--template', 'Template ID') : undefined;
  const defaults = await rowDefaults(ctx, opts, options, templateId);
  const checked = await readRows(ctx, kind, options, defaults);
  const api = await ctx.api({ connections: options.concurrency, timeout: 'request' });
  const requests: Record<BatchKind, (row: BatchRow) => ReturnType<ServiceApi['sendText']>> = {
    text: (row) => api.sendText(keys, { to: row.to, message: (row.payload as { message: string }).message }),
    template: (row) =>
      api.sendTemplate(keys, {
        to: row.to,
        templateId: templateId as string,
        variables: (row.payload as { variables: Record<string, string> }).variables,
      }),
    media: (row) => api.sendMedia(keys, { to: row.to, ...(row.payload as MediaPayload) }),
  };
  const send = rowSender(ctx, requests[kind]);
  const summary = await sendRows(ctx, kind, options, checked, send);
  ctx.out.result(summary, () => summaryLines(summary));
  failIfIncomplete(summary);
}

async function rowDefaults(
  ctx: Context,
  opts: BatchSendFlags,
  options: BatchOptions,
  templateId: string | undefined,
): Promise<RowDefaults> {
  const message = opts.message ?? opts.caption;
  if (message === '-' && options.source === '-') {
    throw new UsageError(
      '--message - (or --caption -) and --batch - would both read stdin — give the rows or the text from a file',
    );
  }
  return {
    ...(message === undefined
      ? {}
      : { message: await textOrStdin(ctx, opts.caption !== undefined ? '--caption' : '--message', message) }),
    variables: templateVariables('--var', opts.var ?? []),
    context: templateId ?? '',
  };
}

async function readRows(
  ctx: Context,
  kind: BatchKind,
  options: BatchOptions,
  defaults: RowDefaults,
): Promise<CheckedRows> {
  const format = detectFormat(options.source, options.format);
  const parsed = await parseRows(await readInput(ctx, options.source), format);
  const checked = checkRows(kind, parsed, defaults);
  if (checked.ignoredColumns.length > 0) {
    ctx.out.warn(
      `column${checked.ignoredColumns.length > 1 ? 's' : ''} ${checked.ignoredColumns.join(', ')} not used by send ${kind}; ignored`,
    );
  }
  for (const { line, firstLine } of checked.repeats.slice(0, 5)) {
    ctx.out.warn(`line ${line} sends the same as line ${firstLine}; both will be sent`);
  }
  if (checked.invalid.length > 0 && !options.skipInvalid) throw invalidRows(checked);
  if (checked.valid.length === 0) {
    throw new UsageError(`${options.source === '-' ? 'stdin' : options.source} has no rows to send`);
  }
  return checked;
}

async function readInput(ctx: Context, source: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = source === '-' ? await readAllBytes(ctx.io.stdin) : await readFile(source);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`Cannot read ${source}: ${reason}`);
  }
  return utf8(bytes, source === '-' ? 'stdin' : source);
}

/** Strict UTF-8: a spreadsheet saved as Windows-1252 would otherwise send "Ol\uFFFD" to every row. */
function utf8(bytes: Buffer, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Only reached when the bytes are not UTF-8, so the first line decoding to U+FFFD is the first bad one.
    const bad =
      bytes
        .toString('utf8')
        .split('\n')
        .findIndex((line) => line.includes('\uFFFD')) + 1;
    throw new UsageError(
      `${what} is not UTF-8 text (line ${bad} is not) — save it as UTF-8 (in Excel: Save As › "CSV UTF-8") and run again; nothing was sent`,
    );
  }
}

function invalidRows(checked: CheckedRows): UsageError {
  const listed = checked.invalid.slice(0, 20).map((row) => `  line ${row.line}: ${row.reason}`);
  const more = checked.invalid.length > 20 ? [`  … and ${checked.invalid.length - 20} more`] : [];
  const count = checked.invalid.length;
  return new UsageError(
    [
      `${count} row${count > 1 ? 's are' : ' is'} invalid, so nothing was sent:`,
      ...listed,
      ...more,
      'Fix them and run again, or add --skip-invalid to send the valid rows only.',
    ].join('\n'),
  );
}

/** Sends one row and says what became of it; only failures that never reached the service are retried. */
function rowSender(ctx: Context, request: (row: BatchRow) => ReturnType<ServiceApi['sendText']>): SendRow {
  return async (row) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const id = messageIdOf(await request(row));
        return id === undefined ? { state: 'sent' } : { state: 'sent', id };
      } catch (error) {
        // A 5xx (a gateway timeout above all) may come after the service acted: only a 4xx is a sure failure.
        if (error instanceof ApiError && !error.uncertain && error.status < 500) {
          return { state: 'failed', status: error.status, message: ctx.out.redact(error.message) };
        }
        if (error instanceof NetworkError && error.reached === 'no') {
          if (attempt < RETRY_DELAYS_MS.length) {
            await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
            continue;
          }
          return { state: 'failed', status: null, message: error.message, unreachable: true };
        }
        if (
          error instanceof NetworkError ||
          error instanceof MalformedResponse ||
          error instanceof ApiError ||
          error instanceof UnexpectedAnswer
        ) {
          return { state: 'unknown', message: ctx.out.redact(error.message) };
        }
        throw error;
      }
    }
  };
}

async function sendRows(
  ctx: Context,
  kind: BatchKind,
  options: BatchOptions,
  checked: CheckedRows,
  send: SendRow,
): Promise<BatchSummary> {
  if (ctx.options.dryRun)
    await dryRun(ctx, planRun(checked.valid, readJournal(options.journal, kind), options.journal, options), send);
  const unlock = lockJournal(options.journal);
  let earlier;
  let plan;
  let journal: Journal;
  try {
    earlier = readJournal(options.journal, kind);
    plan = planRun(checked.valid, earlier, options.journal, options);
    journal = Journal.open(options.journal, kind, earlier);
  } catch (error) {
    unlock();
    throw error;
  }
  const tally = new Tally();
  for (const [line, state] of plan.unknown) tally.addEarlierUnknown(line, state);
  const interrupt = stopOnSignal(ctx);
  const progress = startProgress(ctx.out, () => ({
    total: plan.toSend.length,
    sent: tally.sent,
    failed: tally.failedCount,
    unknown: tally.unknownCount - plan.unknown.length,
  }));
  const started = performance.now();
  let stopped;
  try {
    stopped = await runRows(plan.toSend, send, journal, {
      concurrency: options.concurrency,
      signal: interrupt.signal,
      unreachableLimit: UNREACHABLE_LIMIT,
      sameFailureLimit: SAME_FAILURE_LIMIT,
      ...(options.rate === undefined ? {} : { rate: options.rate }),
      onOutcome: (row, outcome) => tally.add(row, outcome),
    });
  } finally {
    progress.stop();
    interrupt.release();
    await journal.close();
    unlock();
  }
  const seconds = (performance.now() - started) / 1000;
  const attempted = tally.sent + tally.failedCount + tally.unknownCount - plan.unknown.length;
  return tally.summary({
    input: options.source === '-' ? 'stdin' : options.source,
    journal: options.journal,
    rows: checked.valid.length + checked.invalid.length,
    alreadySent: plan.alreadySent,
    skipped: { count: checked.invalid.length, invalid: checked.invalid },
    notAttempted: plan.toSend.length - attempted,
    stopped,
    seconds,
    perSecond: seconds > 0 ? attempted / seconds : 0,
  });
}

/** Checks everything a real run would (journal included), then prints the first request that would leave. */
async function dryRun(ctx: Context, plan: ResumePlan, send: SendRow): Promise<never> {
  const first = plan.toSend[0];
  ctx.out.info(
    first
      ? `Dry run: ${plan.toSend.length} rows would be sent (${plan.alreadySent} already sent, ${plan.unknown.length} unknown); the first request:`
      : `Dry run: no row is left to send (${plan.alreadySent} already sent, ${plan.unknown.length} unknown).`,
  );
  if (first) await send(first);
  throw new DryRunComplete();
}

/** The first Ctrl-C (or SIGTERM) stops taking rows and lets those in flight finish; a second one quits at once. */
function stopOnSignal(ctx: Context): InterruptCatcher {
  return ctx.run.catchInterrupt(() => {
    ctx.out.notice(
      'Stopping: no new rows; waiting for the rows in flight (Ctrl-C again to quit at once — they would be left unknown)',
    );
  });
}

function failIfIncomplete(s: BatchSummary): void {
  const resume = 'run the same command with --resume to send what is left';
  if (s.stopped === 'interrupted') {
    throw new InterruptedError(`Interrupted: ${s.notAttempted} rows not attempted — ${resume}`);
  }
  if (s.stopped === 'unreachable') {
    const cause =
      s.failed.reasons.find((group) => group.status === null)?.message ?? 'the service could not be reached';
    throw new NetworkError(
      `Stopped after ${UNREACHABLE_LIMIT} rows in a row could not reach the service, ${s.notAttempted} rows not attempted (${cause}); once it answers, ${resume}`,
    );
  }
  if (s.stopped === 'failing') {
    const reason = s.failed.reasons[0];
    throw new IncompleteBatch(
      `Stopped: the first ${s.failed.count} rows all failed with ${reason?.status} ${reason?.message} and none was sent, so the other ${s.notAttempted} would too — fix the cause and ${resume}`,
    );
  }
  const problems = [
    s.failed.count > 0 ? `${s.failed.count} failed` : '',
    s.unknown.count > 0 ? `${s.unknown.count} unknown` : '',
    s.skipped.count > 0 ? `${s.skipped.count} skipped as invalid` : '',
  ].filter(Boolean);
  if (problems.length === 0) return;
  const next = [
    s.failed.count > 0 ? `fix the cause of the failures and ${resume}` : '',
    s.skipped.count > 0 ? 'correct the invalid rows and --resume sends them' : '',
    s.unknown.count > 0 ? 'check the unknown rows, then --resume --resend-unknown sends them again' : '',
  ].filter(Boolean);
  throw new IncompleteBatch(`Not every row was sent (${problems.join(', ')}) — see the summary; ${next.join('; ')}`);
}
