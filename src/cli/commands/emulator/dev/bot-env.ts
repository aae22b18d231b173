// The bot's settings as dev hands them out: the environment of the bot it runs, `export` lines for a shell's eval,
// and a dotenv file (0600, written whole and renamed into place so that a bot never reads half of it).
import { chmodSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../../../errors.js';
import { maskSecret } from '../../../../secrets.js';
import { isLoopbackHost } from '../../../../url.js';

export interface BotSettings {
  baseUrl: string;
  authkey: string;
  appkey: string;
}

/** The variables, in the order they are printed; PORT only when the webhook names a port of this machine. */
export function botVariables(settings: BotSettings, webhook: string | undefined): [string, string][] {
  const vars: [string, string][] = [
    ['CHATBOT_BASE_URL', settings.baseUrl],
    ['CHATBOT_AUTHKEY', settings.authkey],
    ['CHATBOT_APPKEY', settings.appkey],
  ];
  const port = webhook === undefined ? undefined : localPort(webhook);
  if (port !== undefined) vars.push(['PORT', port]);
  return vars;
}

/** The port a webhook URL names on this machine (`http://127.0.0.1:3000/` → 3000), or undefined. */
function localPort(webhook: string): string | undefined {
  const url = new URL(webhook);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isLoopbackHost(host) && host !== '0.0.0.0') return undefined;
  return url.port === '' ? undefined : url.port;
}

/** A value as one shell word: as is when it needs no quoting, else in single quotes. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export NAME=value` lines, for `eval "$(chatbot dev --print-env)"`. */
export function exportLines(vars: readonly [string, string][]): string {
  return vars.map(([name, value]) => `export ${name}=${shellWord(value)}\n`).join('');
}

/** The lines dev shows on stderr: keys masked. */
export function maskedLines(vars: readonly [string, string][]): string[] {
  return vars.map(([name, value]) => `${name}=${name.endsWith('KEY') ? maskSecret(value) : value}`);
}

/** A setting's name that holds a secret: its value is masked wherever dev shows it. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASS/i;

/**
 * The bot's command as dev shows it: a setting written in it (`env CHATBOT_AUTHKEY=… python3 bot.py`,
 * `--authkey=…`) keeps its name and shows its value masked, like every key dev prints.
 */
export function shownCommand(argv: readonly string[]): string[] {
  return argv.map((word) => {
    const setting = /^(-{0,2}[A-Za-z_][\w-]*=)(.*)$/s.exec(word);
    return setting?.[1] && setting[2] !== undefined && SECRET_NAME.test(setting[1])
      ? `${setting[1]}${maskSecret(setting[2])}`
      : word;
  });
}

/** A dotenv file's text: `NAME=value` lines (double-quoted where a value needs it), after a header saying who wrote it. */
export function dotenvText(vars: readonly [string, string][]): string {
  const header =
    '# Written by `chatbot dev`: the settings of a bot that talks to the local emulator. Keep it private.\n';
  const quoted = (value: string) =>
    /^[\w@%+=:,./-]*$/.test(value) ? value : `"${value.replace(/(["\\$`])/g, '\\$1')}"`;
  return header + vars.map(([name, value]) => `${name}=${quoted(value)}\n`).join('');
}

/** Writes `text` to `path` readable by its owner only (0600), replacing it whole. */
export function writePrivateFile(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new UsageError(`Could not write --env-file ${path}: ${why} — give a path in a folder you can write to`);
  }
}
