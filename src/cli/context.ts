// What a command handler gets: options, the run's state and output, prompts, and lazily the config, settings and
// api client.
import { UsageError } from '../errors.js';
import type { Output } from '../output/output.js';
import type { ConfigStore } from '../config/store.js';
import { DEFAULT_PROFILE, resolveProfileName, resolveSettings, type Settings } from '../config/settings.js';
import { configDir } from '../config/paths.js';
import type { ServiceApi } from '../api/service.js';
import type { PlannedRequest } from '../api/request.js';
import type { Command } from 'commander';
import type { Dispatcher } from 'undici';
import { createPrompter, isInteractive, type Prompter } from './prompt.js';
import type { CliIo } from './io.js';
import { maskKeys, maskQueryKeys } from '../secrets.js';
import type { RunState } from './run-state.js';
import { DEFAULT_BASE_URL } from '../defaults.js';
import { VERSION } from '../version.js';
import { maskUrlCredentials, serviceBaseUrl } from '../url.js';
import { retryNotices } from '../output/retry-notice.js';
import type { GlobalOptions } from './global-flags.js';

/** What --dry-run shows in place of a key no flag, variable or profile gives (the seed's own spelling). */
export const AUTHKEY_PLACEHOLDER = '<AUTH_KEY>';
export const APPKEY_PLACEHOLDER = '<APP_KEY>';

/** Thrown after a --dry-run plan is printed; the entry point turns it into exit 0. */
export class DryRunComplete extends Error {}

/** The CLI itself, handed to the commands that describe or run it (`completion`, `demo`), which cannot import it. */
export interface CliItself {
  /** The whole command tree, writing to `io`. */
  program(io: CliIo): Promise<Command>;
  /** Runs one command line in this process, as `chatbot` would; resolves with its exit code. */
  run(argv: string[], io: CliIo): Promise<number>;
}

export class Context {
  readonly out: Output;
  readonly prompt: Prompter;
  private store?: ConfigStore;
  private toldHttp = false;
  private newProfileAllowed = false;

  constructor(
    readonly options: GlobalOptions,
    readonly run: RunState,
    readonly cli: CliItself,
  ) {
    const jq = options.jq === undefined ? {} : { jq: options.jq };
    this.out = run.out({
      json: options.json === true || options.jq !== undefined,
      color: options.color,
      ...jq,
    });
    this.prompt = createPrompter(isInteractive(this.io.stdin, this.io.stdout, !options.input, this.io.env));
  }

  get io(): CliIo {
    return this.run.io;
  }

  get env(): Record<string, string | undefined> {
    return this.io.env;
  }

  /** The config file, opened on first use (conf stays off the start-up path of commands that never need it). */
  async config(): Promise<ConfigStore> {
    if (!this.store) {
      const { ConfigStore } = await import('../config/store.js');
      this.store = new ConfigStore(configDir(this.env));
    }
    return this.store;
  }

  /** Lets this run name a profile the config file does not have yet: the commands that create one. */
  allowNewProfile(): void {
    this.newProfileAllowed = true;
  }

  /** The profile in use; one the config file does not have is a usage error (a typo would otherwise start empty). */
  async profileName(): Promise<string> {
    const config = await this.config();
    const name = resolveProfileName(this.options, this.env, config.activeProfile());
    if (this.newProfileAllowed || name === DEFAULT_PROFILE || config.hasProfile(name)) return name;
    const from = this.options.profile
      ? '--profile'
      : this.env.CHATBOT_PROFILE
        ? 'CHATBOT_PROFILE'
        : 'the active profile';
    throw new UsageError(unknownProfile(name, from, config.profileNames()));
  }

  async settings(): Promise<Settings> {
    const config = await this.config();
    const name = await this.profileName();
    const settings = resolveSettings(this.options, this.env, name, config.profile(name), DEFAULT_BASE_URL);
    const { secrets } = this.run;
    secrets.remember(settings.authkey?.value);
    secrets.remember(settings.appkey?.value);
    for (const device of config.profile(name).devices ?? []) {
      secrets.remember(device.appkey);
      secrets.declareName(device.name);
    }
    return settings;
  }

  /** The service's base URL, checked to be http(s) before anything is sent; the error names where it came from. */
  async serviceUrl(): Promise<string> {
    const { value, source } = (await this.settings()).baseUrl;
    const origin = {
      flag: '--base-url',
      env: 'CHATBOT_BASE_URL',
      profile: "the profile's base-url",
      default: 'the default base URL',
    };
    const checked = serviceBaseUrl(origin[source], value);
    this.run.secrets.remember(checked.password);
    if (checked.assumedHttp && !this.toldHttp) {
      this.toldHttp = true;
      this.out.info(`${origin[source]} ${value} has no scheme: using ${maskUrlCredentials(checked.url)}`);
    }
    return checked.url;
  }

  /**
   * The api client for the resolved base URL; under --dry-run it prints the plan instead of sending.
   * Its requests share the command's one deadline (`--timeout`), unless `timeout: 'request'` gives each its own
   * (long-running work: a batch's rows, pair's wait for the phone). With `connections`, requests go through a pool of
   * that many keep-alive sockets (batch sends).
   */
  async api(scope: { connections?: number; timeout?: 'command' | 'request' } = {}): Promise<ServiceApi> {
    const url = await this.serviceUrl();
    const [{ createRequester }, { ServiceApi }] = await Promise.all([
      import('../api/request.js'),
      import('../api/service.js'),
    ]);
    const { connections } = scope;
    let pool: Promise<Dispatcher> | undefined;
    const requester = createRequester({
      baseUrl: url,
      dispatcher:
        connections === undefined ? () => this.run.dispatcher() : () => (pool ??= this.run.pool(url, connections)),
      secrets: this.run.secrets,
      timeoutMs: this.timeoutMs(),
      ...(scope.timeout === 'request' ? {} : { deadline: this.run.deadline(this.timeoutMs()) }),
      userAgent: `chatbot/${VERSION}`,
      onRetry: retryNotices(this.out, this.env),
      ...(this.options.dryRun ? { dryRun: (planned: PlannedRequest) => this.printPlan(planned) } : {}),
    });
    return new ServiceApi(requester, async (error) => {
      const { withEmulatorNextStep } = await import('./shared/emulator-health.js');
      return withEmulatorNextStep(error, url, () => this.run.dispatcher());
    });
  }

  /** `--timeout` in milliseconds: the command's deadline, or one request's where a command has its own bound. */
  timeoutMs(): number {
    return this.options.timeout * 1000;
  }

  /** The account key, or a usage error saying how to get one (under --dry-run, a placeholder in its place). */
  async authkey(): Promise<string> {
    const key = (await this.settings()).authkey?.value;
    if (key) return key;
    if (this.options.dryRun) return this.placeholder(AUTHKEY_PLACEHOLDER, 'authkey');
    throw new UsageError(
      'No authkey — run `chatbot register` or `chatbot login`, or pass --authkey / set CHATBOT_AUTHKEY',
    );
  }

  /** Account and device keys for messaging calls. */
  async deviceKeys(): Promise<{ authkey: string; appkey: string }> {
    const authkey = await this.authkey();
    const appkey = (await this.settings()).appkey?.value;
    if (appkey) return { authkey, appkey };
    if (this.options.dryRun) return { authkey, appkey: this.placeholder(APPKEY_PLACEHOLDER, 'appkey') };
    throw new UsageError('No device selected — pair one with `chatbot pair`, or pass --appkey / set CHATBOT_APPKEY');
  }

  /** A dry run without a key shows where it would go: the placeholder stays whole (it is no secret) and is named. */
  private placeholder(text: string, key: string): string {
    this.run.secrets.declareName(text);
    this.out.info(`No ${key} configured: the request shows ${text} where it would go.`);
    return text;
  }

  /** Commands that change only local state (or run a server) refuse --dry-run rather than quietly doing it. */
  refuseDryRun(command: string): void {
    if (this.options.dryRun) {
      throw new UsageError(
        `--dry-run does not apply to \`chatbot ${command}\`: it sends nothing to the service and would change local state — leave it out`,
      );
    }
  }

  private printPlan(planned: PlannedRequest): never {
    const masked = planned.body === undefined ? undefined : maskKeys(planned.body, this.run.secrets.names);
    const url = maskQueryKeys(maskUrlCredentials(planned.url), this.run.secrets.names);
    // Key fields are masked by structure; the rest is shown exactly as it would be sent, words that match a key included.
    this.out.result(
      { dryRun: true, method: planned.method, url, body: masked },
      () => [`${planned.method} ${url}`, ...(masked === undefined ? [] : [JSON.stringify(masked, null, 2)])],
      { reveal: true },
    );
    this.out.info('Dry run: nothing was sent.');
    throw new DryRunComplete();
  }
}

/** Names the unknown profile, the known ones, and how to create it. */
export function unknownProfile(name: string, from: string, known: string[]): string {
  const names = [...new Set([DEFAULT_PROFILE, ...known])].sort().join(', ');
  return (
    `No profile named "${name}" (${from}) — known profiles: ${names}. ` +
    `Create it with \`chatbot profile use --create ${name}\`, \`chatbot login --profile ${name}\` or \`chatbot register --profile ${name}\``
  );
}
