// send text --batch / send template --batch: check every row, then send with a journal that survives a crash.
import {
  ApiError,
  IncompleteBatch,
  InterruptedError,
  MalformedResponse,
  NetworkError,
  UnexpectedAnswer,
  UsageError,
} from '../../../../errors.js';
import type { ServiceApi } from '../../../../api/service.js';
import { DryRunComplete, type Context } from '../../../context.js';
import type { InterruptCatcher } from '../../../wait/interrupt.js';
import { messageIdOf } from '../../../shared/confirmation.js';
import { batchOptions, type BatchFlags, type BatchOptions } from './options.js';
import { detectFormat, openRows } from './parse.js';
import type { BatchKind, BatchRow, MediaPayload, RowDefaults } from './rows.js';
import { Journal, lockJournal, readJournal, scanJournal } from './journal.js';
import { RunPlanner } from './resume.js';
import { runRows, type SendRow } from './runner.js';
import { startProgress } from './progress.js';
import { Tally, summaryLines, type BatchSummary } from './summary.js';
import { checkPass, type CheckResult } from './passes.js';
import { Spill } from './spill.js';
import { fileSource, stdinSource, type BatchSource } from './source.js';
import { templateVariables } from '../fields.js';
import { requiredTrimmed, textOrStdin } from '../../../shared/inputs.js';

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

/** Runs a batch of `kind` sends from `--batch FILE|-`: a check pass over every row, then a send pass. */
export async function sendBatch(ctx: Context, opts: BatchSendFlags, kind: BatchKind): Promise<void> {
  const options = batchOptions(opts);
  const keys = await ctx.deviceKeys();
  const templateId =
    kind === 'template' ? await requiredTrimmed(ctx, opts, 'template', '--template', 'Template ID') : undefined;
  const defaults = await rowDefaults(ctx, opts, options, templateId);
  const format = detectFormat(options.source, options.format);
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
  const source = options.source === '-' ? stdinSource(ctx.io.stdin, format === 'ndjson') : fileSource(options.source);
  const unlock = ctx.options.dryRun ? () => undefined : lockJournal(options.journal);
  try {
    const batch: Batch = { kind, options, defaults, source, format, send };
    const summary = await runBatch(ctx, batch);
    ctx.out.result(summary, () => summaryLines(summary));
    failIfIncomplete(summary);
  } finally {
    unlock();
    source.close();
  }
}

interface Batch {
  kind: BatchKind;
  options: BatchOptions;
  defaults: RowDefaults;
  source: BatchSource;
  format: ReturnType<typeof detectFormat>;
  send: SendRow;
}

/** Reads the journal, checks every row, then sends (or, with --dry-run, shows the first request). */
async function runBatch(ctx: Context, batch: Batch): Promise<BatchSummary> {
  const { kind, options } = batch;
  const earlier = scanJournal(options.journal, kind);
  const planner = new RunPlanner(earlier, options.journal, options);
  const tally = new Tally();
  const stream = await openRows(() => batch.source.open(), batch.format, batch.source.what);
  const spill = ctx.options.dryRun ? undefined : Spill.open();
  try {
    const checked = await checkPass(stream, kind, batch.defaults, planner, tally, spill);
    refuseBadInput(ctx, batch, checked, planner);
    if (tally.unknownCount > 0) {
      tally.earlierMessages(readJournal(options.journal, kind, tally.earlierUnknownLines())?.rows ?? new Map());
    }
    if (spill === undefined) return await dryRun(ctx, checked, batch.send); // --dry-run: nothing to send
    batch.source.assertUnchanged();
    return await sendRows(ctx, batch, { earlier, checked, tally, rows: spill.rows() });
  } finally {
    spill?.close();
  }
}

/** Warns of ignored columns and repeated rows; refuses invalid rows (unless skipped), no rows, and a misused journal. */
function refuseBadInput(ctx: Context, batch: Batch, checked: CheckResult, planner: RunPlanner): void {
  if (checked.ignoredColumns.length > 0) {
    ctx.out.warn(
      `column${checked.ignoredColumns.length > 1 ? 's' : ''} ${checked.ignoredColumns.join(', ')} not used by send ${batch.kind}; ignored`,
    );
  }
  for (const { line, firstLine } of checked.repeats) {
    ctx.out.warn(`line ${line} sends the same as line ${firstLine}; both will be sent`);
  }
  if (checked.invalid.count > 0 && !batch.options.skipInvalid) throw invalidRows(checked);
  if (checked.rows === checked.invalid.count) {
    throw new UsageError(`${batch.source.what} has no rows to send`);
  }
  const refused = planner.refusal() ?? planner.changedInput();
  if (refused) throw refused;
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

function invalidRows(checked: CheckResult): UsageError {
  const listed = checked.invalid.items.map((row) => `  line ${row.line}: ${row.reason}`);
  const count = checked.invalid.count;
  const more = count > listed.length ? [`  … and ${count - listed.length} more`] : [];
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

interface Planned {
  earlier: ReturnType<typeof scanJournal>;
  checked: CheckResult;
  tally: Tally;
  rows: Iterable<BatchRow>;
}

async function sendRows(ctx: Context, batch: Batch, planned: Planned): Promise<BatchSummary> {
  const { options, kind } = batch;
  const { checked, tally } = planned;
  const journal = Journal.open(options.journal, kind, planned.earlier);
  const interrupt = stopOnSignal(ctx);
  const progress = startProgress(ctx.out, () => ({
    total: checked.toSend,
    sent: tally.sent,
    failed: tally.failedCount,
    unknown: tally.unknownCount - checked.unknown,
  }));
  const started = performance.now();
  let stopped;
  try {
    stopped = await runRows(planned.rows, batch.send, journal, {
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
  }
  const seconds = (performance.now() - started) / 1000;
  const attempted = tally.sent + tally.failedCount + tally.unknownCount - checked.unknown;
  return tally.summary({
    input: batch.source.what,
    journal: options.journal,
    rows: checked.rows,
    alreadySent: checked.alreadySent,
    skipped: { count: checked.invalid.count, invalid: checked.invalid.items, ...checked.invalid.notListed() },
    notAttempted: checked.toSend - attempted,
    stopped,
    seconds,
    perSecond: seconds > 0 ? attempted / seconds : 0,
  });
}

/** Checks everything a real run would (journal included), then prints the first request that would leave. */
async function dryRun(ctx: Context, checked: CheckResult, send: SendRow): Promise<never> {
  const first = checked.first;
  ctx.out.info(
    first
      ? `Dry run: ${checked.toSend} rows would be sent (${checked.alreadySent} already sent, ${checked.unknown} unknown); the first request:`
      : `Dry run: no row is left to send (${checked.alreadySent} already sent, ${checked.unknown} unknown).`,
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
      s.failed.reasons.find((group) => group.status === null && !group.other)?.message ??
      'the service could not be reached';
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
