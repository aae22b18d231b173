// chatbot dev: the session (emulator, account, connected device whose webhook is the bot, kept in the profile), the
// bot's settings (shown masked, printed for eval with --print-env, written with --env-file), the bot itself with
// `-- <command…>`, then the whole traffic until Ctrl-C or the bot's end; dev then ends with the bot's exit code.
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import { CliError, ExitCode, InterruptedError, UsageError, type ExitCodeValue } from '../../../../errors.js';
import { webhookUrl } from '../../../../url.js';
import type { InputOf } from '../../../command.js';
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { botVariables, dotenvText, exportLines, maskedLines, shownCommand, writePrivateFile } from './bot-env.js';
import { startBot, type BotExit, type RunningBot } from './bot-process.js';
import type { devCommand } from './dev-command.js';
import { followTraffic } from './follow.js';
import {
  builtInReceiver,
  checkProfile,
  consoleLink,
  emulatorFor,
  makeDevice,
  runningEmulator,
  type DevDevice,
  type Running,
} from './session.js';
import { DEFAULT_HINT_AFTER_MS, watchSilence } from './silence.js';
import { devSink, type DevSink } from './sink.js';

type Opts = InputOf<typeof devCommand>['opts'];

/** The contact dev suggests writing as (and links the console's chat of). */
const CONTACT = '+5521998765432';
const CONTACT_DIGITS = CONTACT.slice(1);

/** The bot dev ran ended with a failure: dev ends with the same code, as `firebase emulators:exec` does. */
export class BotFailed extends CliError {
  // The bot's own code (1-255) is passed on as it is: whoever runs dev with a command asked for it.
  readonly exitCode: ExitCodeValue;
  constructor(message: string, code: number) {
    super(message);
    this.exitCode = code as ExitCodeValue;
  }
}

function checkFlags(opts: Opts, command: readonly string[], json: boolean): void {
  if (opts.printEnv && command.length > 0) {
    throw new UsageError(
      '--print-env prints the settings and exits, so it runs no bot: leave out `-- …` (or leave out --print-env: dev then puts the settings in the bot’s environment itself)',
    );
  }
  if (opts.printEnv && opts.open) throw new UsageError('--print-env exits at once: leave out --open');
  if (opts.printEnv && json) throw new UsageError('--print-env prints `export` lines for a shell: leave out --json');
  if (opts.hintAfter !== undefined && opts.webhook === undefined) {
    throw new UsageError(
      "--hint-after times the wait for your bot's requests after it answered an event, so it needs --webhook (without it, dev's built-in receiver answers the events and no bot gets them): add --webhook <your bot's address>",
    );
  }
}

export async function dev(ctx: Context, { args, opts }: InputOf<typeof devCommand>): Promise<void> {
  ctx.refuseDryRun('dev');
  const [command] = args;
  checkFlags(opts, command, ctx.out.json);
  const webhook = opts.webhook === undefined ? undefined : webhookUrl('--webhook', opts.webhook);
  ctx.allowNewProfile();
  const settings = await ctx.settings();
  await checkProfile(ctx, settings.profile);
  if (opts.printEnv) {
    await printEnv(ctx, settings.baseUrl.value, webhook, opts);
    return;
  }
  await runSession(ctx, { baseUrl: settings.baseUrl.value, timeZone: settings.timezone.value, webhook, command, opts });
}

/** --print-env: the session on the running emulator, the `export` lines on stdout, and nothing more. */
async function printEnv(ctx: Context, baseUrl: string, webhook: string | undefined, opts: Opts): Promise<void> {
  const running = await runningEmulator(ctx, baseUrl, opts.port);
  if (!running) {
    throw new UsageError(
      `No emulator answers at ${baseUrl}, and --print-env starts none (it would end with this command) — run \`chatbot dev\` in another terminal first (it starts one and stays up), then this again; or let dev run your bot with the settings in its environment: \`chatbot dev -- python3 bot.py\``,
    );
  }
  const control = await emulatorControl(ctx, running.url);
  const { device } = await makeDevice(ctx, control, webhook, running.url);
  const vars = botVariables(
    { baseUrl: running.url, authkey: device.authkey, appkey: device.appkey },
    webhook ?? (await webhookOf(control, device.id)),
  );
  if (opts.envFile !== undefined) writePrivateFile(opts.envFile, dotenvText(vars));
  ctx.out.raw(exportLines(vars));
}

/** The device's webhook as the emulator has it ('' for none). */
async function webhookOf(control: EmulatorControl, id: string): Promise<string | undefined> {
  const devices = (await control.devices()).contas?.flatMap((conta) => conta.dispositivos) ?? [];
  const found = devices.find((device) => device.id === id)?.webhook;
  return found === undefined || found === '' ? undefined : found;
}

interface SessionInput {
  baseUrl: string;
  timeZone: string;
  webhook: string | undefined;
  command: readonly string[];
  opts: Opts;
}

async function runSession(ctx: Context, input: SessionInput): Promise<void> {
  let destination = { url: '', authkey: '', appkey: '' };
  // The built-in receiver answers every event, and no bot gets them: there is no bot's silence to tell of.
  const hintAfter =
    input.webhook === undefined ? undefined : (input.opts.hintAfter ?? DEFAULT_HINT_AFTER_MS / 1000) * 1000;
  const sink = watchSilence(devSink(ctx, input.timeZone), hintAfter, () => destination);
  const interrupt = ctx.run.catchInterrupt();
  ctx.run.keepOutputFlowing();
  const emulator = await emulatorFor(ctx, input.baseUrl, input.opts.port);
  const receiver = input.webhook === undefined ? await builtInReceiver() : undefined;
  const stopping = new AbortController();
  interrupt.signal.addEventListener('abort', () => stopping.abort(), { once: true });
  let launcher: BotLauncher | undefined;
  let exit: BotExit | undefined;
  try {
    const control = await emulatorControl(ctx, emulator.url, { timeout: 'request' });
    const hook = input.webhook ?? receiver?.url ?? '';
    let session = await setUp(ctx, control, emulator, input, hook);
    launcher = new BotLauncher(input.command, { ...ctx.env, ...Object.fromEntries(session.vars) }, sink, () =>
      stopping.abort(),
    );
    if (input.opts.open) await openConsole(ctx, session.link);
    for (;;) {
      const { appkey, authkey } = session.device;
      destination = { url: emulator.url, authkey, appkey };
      const followed = { baseUrl: emulator.url, appkey, authkey, signal: stopping.signal };
      const ready = () => {
        sink.fact('ready', session.facts, session.lines);
        launcher?.launch();
      };
      const ended = await followTraffic(ctx, control, { ...followed, ready }, sink);
      if (ended === 'stopped') break;
      ctx.out.info("The emulator's state was erased: the account and the device are made again, with the same keys");
      session = await setUp(ctx, control, emulator, input, hook);
    }
  } finally {
    sink.stop();
    interrupt.release();
    exit = await launcher?.stop();
    await receiver?.close();
    await emulator.close();
  }
  if (launcher.failure !== undefined) throw launcher.failure;
  endOfSession(sink, input.command, exit, interrupt.signal.aborted);
}

interface Session {
  device: DevDevice;
  vars: [string, string][];
  link: string;
  /** What dev tells once the traffic shows: as lines, or one `ready` object under --json. */
  facts: Record<string, unknown>;
  lines: string[];
}

/** The account and the device (made again after a reset), the --env-file, and what dev tells about them. */
async function setUp(
  ctx: Context,
  control: EmulatorControl,
  emulator: Running,
  input: SessionInput,
  hook: string,
): Promise<Session> {
  const { device, profile } = await makeDevice(ctx, control, hook, emulator.url);
  const vars = botVariables({ baseUrl: emulator.url, authkey: device.authkey, appkey: device.appkey }, input.webhook);
  if (input.opts.envFile !== undefined) writePrivateFile(input.opts.envFile, dotenvText(vars));
  const link = consoleLink(emulator.console, device.id, CONTACT_DIGITS);
  const facts = {
    emulator: emulator.url,
    startedHere: emulator.own,
    console: link,
    device: { id: device.id, nome: device.nome, webhook: hook },
    profile,
    ...(input.opts.envFile === undefined ? {} : { envFile: input.opts.envFile }),
  };
  return { device, vars, link, facts, lines: readyLines(input, { emulator, device, hook, profile, link, vars }) };
}

function readyLines(
  input: SessionInput,
  told: { emulator: Running; device: DevDevice; hook: string; profile: string; link: string; vars: [string, string][] },
): string[] {
  const { emulator, device } = told;
  const where = input.opts.envFile === undefined ? '`chatbot dev --print-env`' : `${input.opts.envFile} (0600)`;
  return [
    `Emulator ${emulator.url} (${emulator.own ? 'started here; Ctrl-C stops it' : 'already running'})`,
    `Device ${device.nome} (${device.id}) connected; its webhook: ${input.webhook ?? `${told.hook} (built-in receiver)`}`,
    `Console: ${told.link} (the chat with ${CONTACT})`,
    `Profile "${told.profile}" now uses them: in another terminal, \`chatbot emulator trigger text --from ${CONTACT} -m oi\` writes to it`,
    `Your bot's settings (whole in ${where}):`,
    ...maskedLines(told.vars).map((line) => `  ${line}`),
    'Writing a bot: the events it receives and the bodies it sends are in docs/bot.md',
    'The traffic both ways follows; Ctrl-C to stop.',
  ];
}

/** --open: the console's chat in the browser, or, when nothing can open it, the address to open by hand. */
async function openConsole(ctx: Context, link: string): Promise<void> {
  const { openBrowser } = await import('../open-browser.js');
  if (await openBrowser(link, ctx.env)) return;
  ctx.out.notice(`Could not open a browser (set BROWSER, or install xdg-open): open ${link} yourself`);
}

/** The bot of `-- <command…>`, started once the traffic shows (so nothing it does is missed). */
class BotLauncher {
  private started: Promise<RunningBot | undefined> | undefined;
  /** Why the bot could not start. */
  failure: Error | undefined;

  constructor(
    private readonly argv: readonly string[],
    private readonly env: Record<string, string | undefined>,
    private readonly sink: DevSink,
    private readonly onEnd: () => void,
  ) {}

  launch(): void {
    if (this.started !== undefined || this.argv.length === 0) return;
    this.started = startBot(this.argv, this.env, (stream, text) => this.sink.bot(stream, text)).then(
      (bot) => {
        const command = shownCommand(this.argv);
        this.sink.fact('bot', { command, pid: bot.pid }, [
          `Bot: ${command.join(' ')} (pid ${bot.pid}), with the settings in its environment; its lines are marked \`bot |\``,
        ]);
        void bot.exited.then(this.onEnd);
        return bot;
      },
      (error: unknown) => {
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.onEnd();
        return undefined;
      },
    );
  }

  /** Stops the bot (SIGTERM, then SIGKILL), or says how it ended on its own. */
  async stop(): Promise<BotExit | undefined> {
    return (await this.started)?.stop();
  }
}

function howItEnded(exit: BotExit): string {
  return exit.signal === null
    ? `exited with code ${exit.code}`
    : `was ended by ${exit.signal} (exit code ${exit.code})`;
}

/** How dev ends: 0 without a bot; 130 after Ctrl-C; else as the bot ended. */
function endOfSession(
  sink: DevSink,
  command: readonly string[],
  exit: BotExit | undefined,
  interrupted: boolean,
): void {
  if (command.length === 0 || exit === undefined) return;
  const how = `The bot (\`${shownCommand(command).join(' ')}\`) ${howItEnded(exit)}`;
  sink.fact('exit', { code: exit.code, signal: exit.signal, interrupted }, interrupted || exit.code !== 0 ? [] : [how]);
  if (interrupted) throw new InterruptedError(`Stopped (Ctrl-C): ${how.charAt(0).toLowerCase()}${how.slice(1)}`);
  if (exit.code !== ExitCode.ok) throw new BotFailed(how, exit.code);
}
