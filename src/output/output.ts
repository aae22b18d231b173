// The only writer to stdout and stderr: results on stdout, everything else on stderr; --json prints one document.
import { Chalk, type ChalkInstance } from 'chalk';
import { UsageError, type CliError } from '../errors.js';
import { maskKeys, type SecretRegister } from '../secrets.js';
import { startSpinner, type Spinner } from './spinner.js';

export interface Stream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /**
   * The run goes on for a while (requests, a server): from now on a write must never stop the process on a full pipe
   * that nobody reads, but be queued (see src/output/process-streams.ts). Streams that never block need not have it.
   */
  keepFlowing?(): void;
}

export interface OutputOptions {
  json: boolean;
  /** False with --no-color; NO_COLOR, TERM=dumb and non-TTY streams turn colour off too. */
  color: boolean;
  env: Record<string, string | undefined>;
  stdout: Stream;
  stderr: Stream;
  /** The run's keys, masked wherever they appear as words. */
  secrets: SecretRegister;
  /** --jq: the document is held until `flush` prints this filter's output of it. */
  jq?: string;
}

/** Why a command that prints a stream of JSON documents refuses --jq. */
export const JQ_ON_STREAM =
  '--jq filters one JSON document and this command prints a stream of them: use --json and pipe it to jq';

/** Decides colour for one stream: only a TTY, never with NO_COLOR, --no-color or TERM=dumb. */
export function colorAllowed(stream: Stream, wanted: boolean, env: Record<string, string | undefined>): boolean {
  if (!wanted || env.NO_COLOR !== undefined || env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export class Output {
  readonly json: boolean;
  /** Colours for stdout. */
  readonly style: ChalkInstance;
  /** Colours for stderr. */
  readonly errStyle: ChalkInstance;
  private documentPrinted = false;
  private held: string | undefined;

  constructor(private readonly options: OutputOptions) {
    this.json = options.json;
    this.style = new Chalk({ level: colorAllowed(options.stdout, options.color, options.env) ? 1 : 0 });
    this.errStyle = new Chalk({ level: colorAllowed(options.stderr, options.color, options.env) ? 1 : 0 });
  }

  /** `text` with every key the run knows masked. */
  redact(text: string): string {
    return this.options.secrets.redact(text);
  }

  get stdoutIsTTY(): boolean {
    return this.options.stdout.isTTY === true;
  }

  get stderrIsTTY(): boolean {
    return this.options.stderr.isTTY === true;
  }

  /**
   * The command's result: under --json the body (keys masked) as one document, otherwise the human lines. Keys this
   * run knows are masked wherever they appear, unless `reveal` (`config get --reveal`) asks for them whole.
   */
  result(body: unknown, human: () => string | string[], options: { reveal?: boolean } = {}): void {
    if (this.json) {
      this.document(body, options);
      return;
    }
    const text = human();
    const lines = Array.isArray(text) ? text : [text];
    for (const line of lines) this.options.stdout.write(`${options.reveal ? line : this.redact(line)}\n`);
  }

  /** Writes the single JSON document of a --json run. */
  document(body: unknown, options: { reveal?: boolean } = {}): void {
    if (this.documentPrinted) throw new Error('a --json run printed a second document');
    this.documentPrinted = true;
    const text = JSON.stringify(options.reveal ? body : maskKeys(body, this.options.secrets.names));
    const shown = options.reveal ? text : this.redact(text);
    if (this.options.jq === undefined) this.options.stdout.write(`${shown}\n`);
    else this.held = shown;
  }

  /** Under --jq, prints the filter's output of the document the run produced (jq is loaded only then). */
  async flush(): Promise<void> {
    const { jq } = this.options;
    if (jq === undefined || this.held === undefined) return;
    const document = this.held;
    this.held = undefined;
    const { applyJq } = await import('./jq.js');
    this.options.stdout.write(await applyJq(document, jq, this.stdoutIsTTY));
  }

  /** Raw text on stdout for results that are not documents (a QR drawing, a completion script, an event stream). */
  raw(text: string): void {
    if (this.options.jq !== undefined) {
      throw new UsageError(JQ_ON_STREAM);
    }
    this.options.stdout.write(text);
  }

  /** Progress and hints on stderr; silent under --json so that stderr stays one error line at most. */
  info(message: string): void {
    if (!this.json) this.options.stderr.write(`${this.redact(message)}\n`);
  }

  /** A spinner on stderr when it is a terminal (none under --json or in a pipe); stop() erases it. */
  spinner(text: () => string): Spinner | undefined {
    if (this.json || !this.stderrIsTTY) return undefined;
    return startSpinner(this.options.stderr, text);
  }

  /** A redrawn line on stderr when it is a terminal, even under --json (a batch's progress bar); stop() erases it. */
  progressBar(text: () => string, intervalMs: number): Spinner | undefined {
    if (!this.stderrIsTTY) return undefined;
    return startSpinner(this.options.stderr, text, intervalMs, '');
  }

  /** A line on stderr that must be seen even under --json (a server's ready line, a summary). */
  notice(message: string): void {
    this.options.stderr.write(`${this.redact(message)}\n`);
  }

  warn(message: string): void {
    if (!this.json) this.options.stderr.write(`${this.errStyle.yellow('Warning:')} ${this.redact(message)}\n`);
  }

  /**
   * Reports a failure on stderr: one JSON line under --json (and under --jq when stderr is not a terminal), a
   * readable line otherwise.
   */
  failure(error: CliError | Error, exitCode: number): void {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : null;
    const message = this.redact(error.message);
    if (this.json && (this.options.jq === undefined || !this.stderrIsTTY)) {
      this.options.stderr.write(`${JSON.stringify({ error: { status, message, exitCode } })}\n`);
      return;
    }
    const prefix = status === null ? 'Error:' : `Error (${status}):`;
    this.options.stderr.write(`${this.errStyle.red(prefix)} ${message}\n`);
  }
}
