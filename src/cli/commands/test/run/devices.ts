// Before the first conversation: the bot answers at --bot-url, and every device the conversations name exists in the
// emulator with its webhook on the bot (made with the keys the bot is configured with), with the files' templates; on
// a running emulator (--emulator-url), each device is found by its appkey or its name.
import { connect } from 'node:net';
import { ApiError, NetworkError, UsageError } from '../../../../errors.js';
import { maskUrlCredentials, webhookUrl } from '../../../../url.js';
import type { Suite } from '../file-types.js';
import type { EmulatorSession } from './session.js';

export interface BotOptions {
  botUrl?: string;
  /** The account key the bot uses (--authkey, CHATBOT_AUTHKEY, the profile's). */
  authkey?: string;
}

const CONNECT_TIMEOUT_MS = 3000;

/** Resolves when something accepts a TCP connection at the URL's host and port (nothing is sent to it). */
function accepts(url: URL): Promise<boolean> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Fails with exit 7 when nothing listens at --bot-url, before any conversation waits on it. */
export async function checkBot(botUrl: string): Promise<void> {
  const url = new URL(webhookUrl('--bot-url', botUrl));
  if (!(await accepts(url))) {
    throw new NetworkError(
      `Nothing answers at --bot-url ${maskUrlCredentials(botUrl)} — start your bot first (it receives the devices' webhook events there)`,
    );
  }
}

function needAuthkey(reason: string): UsageError {
  return new UsageError(
    `${reason}, with the authkey your bot uses: pass --authkey or set CHATBOT_AUTHKEY (the bot reads the same keys)`,
  );
}

/** Whether the emulator has a device with this appkey. */
async function hasAppkey(session: EmulatorSession, appkey: string): Promise<boolean> {
  try {
    await session.control.outbox({ appkey });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return false;
  }
}

const listed = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(', ');

/**
 * The appkey of the device a file names on a running emulator: the name is its appkey (a device a run made), or the
 * name of one device there (a file exported from the console names the device, never its key).
 */
async function deviceThere(session: EmulatorSession, device: string): Promise<string> {
  if (await hasAppkey(session, device)) return device;
  const devices = ((await session.control.devices()).contas ?? []).flatMap((account) => account.dispositivos);
  const named = devices.filter((candidate) => candidate.nome === device);
  if (named.length === 1 && named[0]) return named[0].appkey;
  if (named.length > 1)
    throw new UsageError(
      `${named.length} devices are named ${JSON.stringify(device)} in the emulator at ${session.url} — give one another name in the console, then run again`,
    );
  const names = [...new Set(devices.map((candidate) => candidate.nome))].sort();
  const there = names.length === 0 ? 'it has no device' : `its devices are named ${listed(names)}`;
  throw new UsageError(
    `No device named ${JSON.stringify(device)} in the emulator at ${session.url} (${there}) — set the file's device: to one of them, pair your bot's device there, or pass --bot-url to make it`,
  );
}

/** The devices' webhooks point at the bot (made when missing), or the devices are checked to be there already. */
export async function prepareDevices(session: EmulatorSession, suite: Suite, bot: BotOptions): Promise<void> {
  const devices = [...new Set(suite.conversations.map((conversation) => conversation.device))];
  if (bot.botUrl === undefined && session.own) {
    throw new UsageError('The emulator this run starts has no bot: pass --bot-url (where your bot receives webhooks)');
  }
  if (bot.botUrl === undefined) {
    const appkeys = new Map<string, string>();
    for (const device of devices) appkeys.set(device, await deviceThere(session, device));
    for (const conversation of suite.conversations)
      conversation.device = appkeys.get(conversation.device) ?? conversation.device;
  } else {
    if (bot.authkey === undefined) throw needAuthkey("chatbot test makes your bot's device in the emulator");
    for (const appkey of devices) {
      await session.control.setup({ authkey: bot.authkey, appkey, webhook: bot.botUrl });
    }
  }
  if (suite.templates.size === 0) return;
  if (bot.authkey === undefined) throw needAuthkey('The files have templates, made in the account');
  for (const template of suite.templates.values()) {
    await session.control.createTemplate({
      authkey: bot.authkey,
      texto: template.text,
      id: template.id,
      botoes: template.buttons ?? [],
    });
  }
}
