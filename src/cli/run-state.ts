// Everything one run of the CLI owns: its output, the keys it must mask, its connections and their shutdown, and
// how it hears Ctrl-C. runCli makes one per call and passes it down through the command context, so that nothing
// one run learns or opens outlives it (the demo and the tests call runCli many times in one process).
import type { Dispatcher } from 'undici';
import { ShutdownHooks } from '../lifecycle.js';
import { Output } from '../output/output.js';
import { SecretRegister } from '../secrets.js';
import { Deadline } from '../api/deadline.js';
import type { CliIo } from './io.js';
import { catchInterrupt, type InterruptCatcher, type SignalSource } from './wait/interrupt.js';

export class RunState {
  readonly secrets = new SecretRegister();
  readonly hooks = new ShutdownHooks();
  readonly signals: SignalSource;
  private output?: Output;
  private agent?: Promise<Dispatcher>;
  private commandDeadline?: Deadline;

  constructor(readonly io: CliIo) {
    this.signals = io.signals ?? process;
  }

  /** The run's one Output; the first call (parsed options, or the command line when parsing fails) decides its mode. */
  out(mode: { json: boolean; color: boolean; jq?: string }): Output {
    this.output ??= new Output({
      ...mode,
      env: this.io.env,
      stdout: this.io.stdout,
      stderr: this.io.stderr,
      secrets: this.secrets,
    });
    return this.output;
  }

  /**
   * The run will go on for a while (it sends requests, or serves): its output must not stop it on a pipe nobody reads.
   * Called at the first real request and by commands that serve.
   */
  keepOutputFlowing(): void {
    this.io.stdout.keepFlowing?.();
    this.io.stderr.keepFlowing?.();
  }

  /** The run's keep-alive Agent; undici is imported at the first real request, never for --dry-run. */
  dispatcher(): Promise<Dispatcher> {
    this.keepOutputFlowing();
    this.agent ??= import('../api/agent.js').then(({ keepAliveAgent }) => keepAliveAgent(this.hooks));
    return this.agent;
  }

  /** The run's one deadline (`--timeout`): every request of the command shares it; the first call sets the budget. */
  deadline(budgetMs: number): Deadline {
    this.commandDeadline ??= new Deadline(budgetMs);
    return this.commandDeadline;
  }

  /** A pool of `connections` sockets to `baseUrl` for this run (batch sends). */
  async pool(baseUrl: string, connections: number): Promise<Dispatcher> {
    this.keepOutputFlowing();
    return (await import('../api/agent.js')).servicePool(this.hooks, baseUrl, connections);
  }

  /** The first Ctrl-C or SIGTERM aborts the returned signal (see catchInterrupt); release it when done. */
  catchInterrupt(onInterrupt?: () => void): InterruptCatcher {
    return catchInterrupt(this.signals, onInterrupt);
  }

  /** Prints what the run's output holds back (the --jq result of its document). */
  async finish(): Promise<void> {
    await this.output?.flush();
  }

  /** Closes what the run opened. */
  close(): Promise<void> {
    return this.hooks.run();
  }
}
