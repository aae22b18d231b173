// Before the first conversation: the bot answers at --bot-url, and every device the conversations name exists in the
// emulator with its webhook on the bot (made with the keys the bot is configured with), with the files' templates.
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

async function checkDeviceThere(session: EmulatorSession, appkey: string): Promise<void> {
  try {
    await session.control.outbox({ appkey });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    throw new UsageError(
      `No device ${appkey} in the emulator at ${session.url} — pair your bot's device there, or pass --bot-url to make it`,
    );
  }
}

/** The devices' webhooks point at the bot (made when missing), or the devices are checked to be there already. */
export async function prepareDevices(session: EmulatorSession, suite: Suite, bot: BotOptions): Promise<void> {
  const devices = [...new Set(suite.conversations.map((conversation) => conversation.device))];
  if (bot.botUrl === undefined && session.own) {
    throw new UsageError('The emulator this run starts has no bot: pass --bot-url (where your bot receives webhooks)');
  }
  if (bot.botUrl === undefined) {
    for (const appkey of devices) await checkDeviceThere(session, appkey);
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
