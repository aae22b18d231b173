// The demo: a throwaway emulator and config, then the real commands in order, each shown before its output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { InternalError, InterruptedError, UsageError } from '../../../errors.js';
import type { Stream } from '../../../output/output.js';
import type { Context } from '../../context.js';
import type { CliIo } from '../../io.js';
import { sleep } from '../../wait/backoff.js';
import { doneMark } from '../../../output/marks.js';

const CUSTOMER = '+5521998765432';
const DEVICE = 'demo-loja';

interface Demo {
  ctx: Context;
  env: Record<string, string | undefined>;
  /** Aborted by Ctrl-C: the demo stops after the step under way and cleans up. */
  stop: AbortSignal;
}

/** A stream that writes through to `target` and remembers what passed. */
function tee(target: Stream): Stream & { text: string } {
  return {
    text: '',
    isTTY: target.isTTY === true,
    write(chunk: string) {
      this.text += chunk;
      return target.write(chunk);
    },
  };
}

function quote(arg: string): string {
  return /^[\w@%+=:,./#-]+$/.test(arg) ? arg : `"${arg.replace(/(["\\$`])/g, '\\$1')}"`;
}

function stopIfInterrupted(demo: Demo): void {
  if (demo.stop.aborted) throw new InterruptedError('Demo stopped (Ctrl-C); its emulator and config are removed');
}

/** Prints `$ chatbot …` and runs it in this process; fails the demo on a non-zero exit. */
async function step(
  demo: Demo,
  note: string,
  args: string[],
  input?: string,
  concurrently?: Promise<unknown>,
): Promise<string> {
  stopIfInterrupted(demo);
  const { out } = demo.ctx;
  out.raw(`\n${out.style.dim(`# ${note}`)}\n${out.style.bold.cyan(`$ chatbot ${args.map(quote).join(' ')}`)}\n`);
  const stdout = tee(demo.ctx.io.stdout);
  const io: CliIo = {
    stdin: Readable.from(input === undefined ? [] : [input]),
    stdout,
    stderr: tee(demo.ctx.io.stderr),
    env: demo.env,
    signals: demo.ctx.run.signals,
  };
  const code = await demo.ctx.cli.run(args, io);
  await concurrently;
  stopIfInterrupted(demo);
  if (code !== 0) throw new InternalError(`the demo step \`chatbot ${args.join(' ')}\` exited ${code}`);
  return stdout.text;
}

/** Pairs with the QR drawn, and meanwhile plays the phone scanning it. */
async function pairAndScan(demo: Demo): Promise<void> {
  const pairing = step(demo, 'pair a phone: the QR code is drawn, then pair waits for the phone to scan it', [
    'pair',
    '--name',
    DEVICE,
    '--wait-timeout',
    '30',
  ]);
  await sleep(1500, demo.stop);
  const scanned = step(demo, 'meanwhile, the simulated scan (what the phone does on the real network)', [
    'emulator',
    'connect',
    DEVICE,
  ]);
  await Promise.all([pairing, scanned]);
}

function idIn(text: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(text)?.[1];
  if (!found) throw new InternalError(`the demo could not find the ${what} in: ${text}`);
  return found;
}

async function script(demo: Demo): Promise<void> {
  await step(
    demo,
    'create an account; its authkey goes into the (throwaway) profile',
    [
      'register',
      '--name',
      'Ana Souza',
      '--email',
      'ana@demo.example',
      '--phone',
      '+5581989769960',
      '--plan',
      'basic',
      '--password-stdin',
    ],
    'demo-password',
  );
  await pairAndScan(demo);
  await step(demo, "the account's devices", ['devices', 'ls']);
  await step(demo, 'send a text', [
    'send',
    'text',
    '--to',
    CUSTOMER,
    '--message',
    'Olá! Seu pedido saiu para entrega.',
  ]);
  const poll = await step(demo, 'send a poll', [
    'send',
    'poll',
    '--to',
    CUSTOMER,
    '--question',
    'Qual sabor?',
    '--option',
    'Calabresa',
    '--option',
    'Marguerita',
  ]);
  const pollId = idIn(poll, /\(id ([^)\s]+)\)/, 'poll id');
  await step(demo, 'the customer votes (simulated)', [
    'emulator',
    'trigger',
    'poll-vote',
    '--from',
    CUSTOMER,
    '--message-id',
    pollId,
    '--option',
    'Marguerita',
  ]);
  await step(demo, 'schedule a message two seconds from now', [
    'send',
    'schedule',
    '--to',
    CUSTOMER,
    '--in',
    '2s',
    '--message',
    'Lembrete: sua pizza chega em 10 minutos.',
  ]);
  demo.ctx.out.info('\n(waiting for the scheduled time…)');
  await sleep(3500, demo.stop);
  await step(demo, 'the conversation both ways, the scheduled message last', ['emulator', 'outbox']);
  const group = await step(demo, 'a group on the (emulated) network', [
    'emulator',
    'group',
    '--title',
    'Clientes VIP',
    '--participant',
    CUSTOMER,
  ]);
  await step(demo, 'read the group', ['group', 'info', idIn(group, /(\d+@g\.us)/, 'group id')]);
}

/** Runs the demo; the emulator and the config directory are removed afterwards whatever happens. */
export async function demo(ctx: Context): Promise<void> {
  ctx.refuseDryRun('demo');
  if (ctx.out.json) throw new UsageError('--json does not apply to `chatbot demo`: it is a tour for people to read');
  ctx.run.keepOutputFlowing();
  const [{ startEmulator }, { databaseFailure }] = await Promise.all([
    import('../../../emulator/index.js'),
    import('../../shared/database-failure.js'),
  ]);
  const emulator = await startEmulator({ port: 0, db: ':memory:' }).catch((error: unknown) => {
    throw databaseFailure(error, ':memory:') ?? error;
  });
  const home = mkdtempSync(join(tmpdir(), 'chatbot-demo-'));
  const env = {
    ...ctx.env,
    CHATBOT_CONFIG_DIR: join(home, 'config'),
    CHATBOT_BASE_URL: emulator.url,
    CHATBOT_PROFILE: undefined,
    CHATBOT_AUTHKEY: undefined,
    CHATBOT_APPKEY: undefined,
    CHATBOT_TIMEZONE: undefined,
  };
  ctx.out.info(`Demo: a throwaway emulator at ${emulator.url} and a throwaway config in ${home}`);
  const interrupt = ctx.run.catchInterrupt();
  try {
    await script({ ctx, env, stop: interrupt.signal });
    ctx.out.info(
      `\n${doneMark(ctx.out.style)} Demo finished. Start your own emulator with \`chatbot emulator start\`.`,
    );
  } finally {
    interrupt.release();
    await emulator.close();
    rmSync(home, { recursive: true, force: true });
  }
}
