// The console's page (`/`) and its files (`/console/<file>`), with headers that keep it to its own origin: no
// script or style from anywhere else, no framing by another page (clickjacking), no referrer to the links it opens.
// The page carries its script and style inline (a new tab draws it without fetching them), allowed by their hashes.
import { createHash } from 'node:crypto';
import { chatRoute } from '../control/chats.js';
import { devicesRoute } from '../control/devices.js';
import type { ChatAnswer } from '../control/types.js';
import { EmulatorError, HTTP_HEADERS, type Reply } from '../http/reply.js';
import { pageReply } from '../http/pages.js';
import { CONSOLE_ASSETS } from '../http/guard.js';
import type { Ctx } from '../operations/context.js';
import type { Store } from '../store/db.js';
import { CONSOLE_FILES, consoleFile } from './assets.js';
import { deepLinkChatQuery, FIRST_READS_ID, readDeepLink, type DeepLink, type FirstReads } from './deep-link.js';

export const CONSOLE_NOT_BUILT = 'O console não foi construído: rode `npm run build`.';
export const CONSOLE_FILE_NOT_FOUND = 'Arquivo do console não encontrado.';

/** Where the page's template (index.html) takes its style, its script and its first reads. */
const SLOTS = { style: '<!--console.css-->', script: '<!--console.js-->', firstReads: '<!--first-reads-->' } as const;

interface ConsolePage {
  /** The page's text before and after the place of a deep link's first reads. */
  before: string;
  after: string;
  csp: string;
}

function policy(scriptHash: string, styleHash: string): string {
  return (
    `default-src 'self'; script-src 'self' '${scriptHash}'; style-src 'self' '${styleHash}'; ` +
    "img-src 'self' data: http: https:; media-src 'self' http: https:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
  );
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let page: ConsolePage | undefined;

/** The page with its script and style in it (made once), or undefined when the build did not write its files. */
function consolePage(): ConsolePage | undefined {
  if (page) return page;
  const [template, style, script] = ['index.html', 'console.css', 'console.js'].map(consoleFile);
  if (template === undefined || style === undefined || script === undefined) return undefined;
  // Neither may end the element it is inlined in (esbuild writes `<\/script` in strings).
  if (/<\/script/i.test(script) || /<\/style/i.test(style)) throw new Error('the console cannot be inlined');
  const parts = template
    .replace(SLOTS.style, () => `<style>${style}</style>`)
    .replace(SLOTS.script, () => `<script type="module">${script}</script>`)
    .split(SLOTS.firstReads);
  const [before, after] = parts;
  if (parts.length !== 2 || before === undefined || after === undefined) {
    throw new Error(`the console's index.html must have one ${SLOTS.firstReads}`);
  }
  page = { before, after, csp: policy(sha256(script), sha256(style)) };
  return page;
}

/**
 * The page's first reads, as the control API answers them: the devices, and a deep link's chat. They are in the page,
 * so that its first frame shows them.
 */
function firstReads(store: Store, ctx: Ctx, link: DeepLink | undefined): string {
  let chat: ChatAnswer | null = null;
  try {
    if (link) chat = chatRoute(store, deepLinkChatQuery(link));
  } catch (error) {
    if (!(error instanceof EmulatorError)) throw error;
  }
  const reads: FirstReads = { devices: devicesRoute(store, {}, ctx), chat };
  // `<` escaped: no text a contact or the bot sent can end the element.
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_READS_ID}">${json}</script>`;
}

const SECURITY_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The answer to a GET of a console path: the page (with its first reads in it) or one of its files. */
export function consoleCall(store: Store, ctx: Ctx, method: string, path: string, query: URLSearchParams): Reply {
  if (method !== 'GET' && method !== 'HEAD') throw new EmulatorError(405, 'Método não permitido.');
  if (path === '/') {
    const built = consolePage();
    if (!built) throw new EmulatorError(404, CONSOLE_NOT_BUILT);
    const link = readDeepLink(query);
    const reads = firstReads(store, ctx, link && 'deviceId' in link ? link : undefined);
    const reply = pageReply(200, CONSOLE_FILES['index.html'] ?? 'text/html', built.before + reads + built.after);
    reply[HTTP_HEADERS] = { 'content-security-policy': built.csp, ...SECURITY_HEADERS };
    return reply;
  }
  const name = path.slice(CONSOLE_ASSETS.length);
  const text = consoleFile(name);
  if (text === undefined) throw new EmulatorError(404, CONSOLE_FILE_NOT_FOUND);
  const reply = pageReply(200, CONSOLE_FILES[name] ?? 'text/plain', text);
  reply[HTTP_HEADERS] = { 'content-security-policy': "default-src 'none'", ...SECURITY_HEADERS };
  return reply;
}
