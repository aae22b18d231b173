// test: reads the conversation files, starts (or reaches) the emulator, points the devices at the bot, runs the
// conversations and reports them; exit 1 when one failed.
import { writeFileSync } from 'node:fs';
import { CliError, ExitCode, InterruptedError, UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { Context } from '../../context.js';
import { loadPlanOf, type CheckedPlan } from './campaign/plan.js';
import { movesClock, type Conversation, type Suite } from './file-types.js';
import { loadSuite } from './load/suite.js';
import { conversationLines, summaryLines } from './report/human.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { githubReport } from './report/github.js';
import { tapReport } from './report/tap.js';
import { runConversation } from './run/conversation.js';
import { PhoneBook, type RunDeps } from './run/conversation-state.js';
import { prepareDevices, checkBot } from './run/devices.js';
import { Feeds } from './run/feeds.js';
import { runPool } from './run/pool.js';
import type { ConversationResult } from './run/results.js';
import { openSession } from './run/session.js';
import type { REPORTERS, testCommand } from './test-command.js';

type Opts = InputOf<typeof testCommand>['opts'];
type Reporter = (typeof REPORTERS)[number];

/** Some conversation failed: the report on stdout says which and why. */
export class ConversationsFailed extends CliError {
  readonly exitCode = ExitCode.failed;
}

const DEFAULT_PATH = 'conversations';

function reporterOf(ctx: Context, opts: Opts): Reporter {
  if (ctx.out.json && opts.reporter !== undefined && opts.reporter !== 'json') {
    throw new UsageError(`--json prints the json report: leave out --reporter ${opts.reporter}, or leave out --json`);
  }
  return ctx.out.json ? 'json' : (opts.reporter ?? 'default');
}

function grepOf(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    throw new UsageError(`--grep ${pattern} is not a valid regular expression`);
  }
}

function skipped(conversation: Conversation, reason: string): ConversationResult {
  return { conversation, status: 'skipped', durationMs: 0, steps: [], transcript: [], skipped: reason };
}

/** Prints each conversation of the readable report once it and every one before it have finished. */
function inOrderPrinter(ctx: Context): (index: number, result: ConversationResult) => void {
  const finished = new Map<number, ConversationResult>();
  let next = 0;
  return (index, result) => {
    finished.set(index, result);
    for (let ready = finished.get(next); ready; ready = finished.get(next)) {
      ctx.out.raw(`${ctx.out.redact(conversationLines(ready, ctx.out.style).join('\n'))}\n`);
      finished.delete(next);
      next += 1;
    }
  };
}

function report(ctx: Context, reporter: Reporter, results: ConversationResult[], durationMs: number): void {
  if (reporter === 'default') ctx.out.raw(`${summaryLines(results, durationMs).join('\n')}\n`);
  if (reporter === 'tap') ctx.out.raw(ctx.out.redact(tapReport(results)));
  if (reporter === 'junit') ctx.out.raw(ctx.out.redact(junitReport(results, durationMs)));
  if (reporter === 'github') ctx.out.raw(ctx.out.redact(githubReport(results)));
  if (reporter === 'json') {
    const document = jsonReport(results, durationMs);
    if (ctx.out.json) ctx.out.document(document);
    else ctx.out.raw(`${ctx.out.redact(JSON.stringify(document, null, 2))}\n`);
  }
}

async function runSuite(ctx: Context, suite: Suite, opts: Opts, deps: RunDeps, reporter: Reporter) {
  let failed = false;
  const print = reporter === 'default' ? inOrderPrinter(ctx) : () => undefined;
  return runPool(
    suite.conversations,
    {
      parallel: opts.parallel,
      alone: (conversation) => movesClock(conversation.spec),
      stopReason: () =>
        deps.signal.aborted ? 'interrupted' : opts.bail && failed ? '--bail after a failure' : undefined,
    },
    (conversation) => runConversation(conversation, deps),
    skipped,
    (index, result) => {
      failed ||= result.status === 'failed';
      print(index, result);
    },
  );
}

const LOAD_ONLY = ['arrival', 'contacts', 'redeliver', 'max', 'report'] as const;
const NOT_UNDER_LOAD = ['reporter', 'junit', 'bail'] as const;

/** The flags of one mode refused in the other, then the load plan when --load. */
function modeOf(opts: Opts, suite: Suite): CheckedPlan | undefined {
  const dashed = (key: string) => `--${key}`;
  if (!opts.load) {
    const given = LOAD_ONLY.find((key) => opts[key] !== undefined);
    if (given) throw new UsageError(`${dashed(given)} belongs to a load run: add --load, or leave it out`);
    return undefined;
  }
  const given = NOT_UNDER_LOAD.find((key) => opts[key] !== undefined && String(opts[key]) !== 'false');
  if (given)
    throw new UsageError(`--load prints its own summary: leave out ${dashed(given)} (--json gives one document)`);
  return loadPlanOf(suite, opts);
}

export async function test(ctx: Context, { args, opts }: InputOf<typeof testCommand>): Promise<void> {
  ctx.refuseDryRun('test');
  const reporter = reporterOf(ctx, opts);
  const settings = await ctx.settings();
  const paths = args[0].length === 0 ? [DEFAULT_PATH] : args[0];
  const suite = loadSuite(paths, { grep: grepOf(opts.grep), defaultDevice: settings.appkey?.value });
  for (const warning of suite.warnings) ctx.out.warn(warning);
  // The devices' appkeys are their names (the emulator names a device made for a test after it): data, not secrets.
  for (const conversation of suite.conversations) ctx.run.secrets.declareName(conversation.device);
  if (suite.conversations.length === 0)
    throw new UsageError(`No conversation's name matches --grep ${opts.grep ?? ''}`);
  const plan = modeOf(opts, suite);
  if (opts.botUrl !== undefined) await checkBot(opts.botUrl);
  ctx.run.keepOutputFlowing();
  const session = await openSession(ctx, { emulatorUrl: opts.emulatorUrl, port: opts.port });
  const interrupt = ctx.run.catchInterrupt();
  try {
    await prepareDevices(session, suite, { botUrl: opts.botUrl, authkey: settings.authkey?.value });
    const deps: RunDeps = {
      control: session.control,
      feeds: new Feeds(session.control),
      stepLimitMs: opts.stepTimeout * 1000,
      conversationLimitMs: ctx.timeoutMs(),
      signal: interrupt.signal,
      phones: new PhoneBook(),
      facts: {
        url: session.url,
        authkey: settings.authkey?.value,
        botUrl: opts.botUrl,
        timeZone: settings.timezone.value,
      },
    };
    if (plan) {
      const { runLoadMode } = await import('./campaign/mode.js');
      await runLoadMode(ctx, suite, plan, deps, session, opts.report);
      return;
    }
    const started = Date.now();
    const results = await runSuite(ctx, suite, opts, deps, reporter);
    const durationMs = Date.now() - started;
    report(ctx, reporter, results, durationMs);
    if (opts.junit !== undefined) writeFileSync(opts.junit, ctx.out.redact(junitReport(results, durationMs)));
    if (interrupt.signal.aborted)
      throw new InterruptedError('Stopped (Ctrl-C): the conversations not run are reported as skipped');
    const failures = results.filter((result) => result.status === 'failed').length;
    if (failures > 0) throw new ConversationsFailed(`${failures} of ${results.length} conversations failed`);
  } finally {
    interrupt.release();
    await session.close();
  }
}
