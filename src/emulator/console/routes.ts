// The console's page (`/`), with headers that keep it to its own origin: no script or style but its own (inline,
// allowed by their hashes), no framing by another page (clickjacking), no referrer to the links it opens. It carries
// its first reads, so that a new tab draws them without a request.
import { createHash } from 'node:crypto';
import { chatRoute } from '../control/chats.js';
import { devicesRoute } from '../control/devices.js';
import type { ChatAnswer } from '../control/types.js';
import { EmulatorError, HTTP_ALLOW, HTTP_HEADERS, type Reply } from '../http/reply.js';
import { pageReply } from '../http/pages.js';
import type { Ctx } from '../operations/context.js';
import type { Store } from '../store/db.js';
import { consoleFile } from './assets.js';
import { deepLinkChatQuery, FIRST_READS_ID, readDeepLink, type DeepLink, type FirstReads } from './deep-link.js';

export const CONSOLE_NOT_BUILT = 'O console não foi construído: rode `npm run build`.';

/** Where the page's template (index.html) takes its style, its script and its first reads. */
const SLOTS = { style: '<!--console.css-->', script: '<!--console.js-->', firstReads: '<!--first-reads-->' } as const;

interface ConsolePage {
  /** The page's text before and after its first reads. */
  before: string;
  after: string;
  csp: string;
}

function policy(scriptHash: string, styleHash: string): string {
  return (
    `default-src 'self'; script-src '${scriptHash}'; style-src '${styleHash}'; ` +
    "img-src 'self' data: http: https:; media-src 'self' http: https:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
  );
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * A file's text as the browser hashes it inline: its line ends as the HTML parser leaves them (LF). Neither a `</` of
 * its element nor a `<!--` (after which a `<script` would keep the element open) may be in it.
 */
function inlineText(text: string, element: 'script' | 'style'): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (new RegExp(`</${element}|<!--`, 'i').test(normalized))
    throw new Error(`the console's ${element} cannot be inlined`);
  return normalized;
}

let page: ConsolePage | undefined;

/** The page with its script and style in it (made once), or undefined when the build did not write its files. */
function consolePage(): ConsolePage | undefined {
  if (page) return page;
  const [template, styleFile, scriptFile] = (['index.html', 'console.css', 'console.js'] as const).map(consoleFile);
  if (template === undefined || styleFile === undefined || scriptFile === undefined) return undefined;
  const style = inlineText(styleFile, 'style');
  const script = inlineText(scriptFile, 'script');
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

/** The page's first reads, as the control API answers them: the devices, and a deep link's chat. */
function firstReads(store: Store, ctx: Ctx, link: DeepLink | undefined): string {
  let chat: ChatAnswer | null = null;
  try {
    if (link) chat = chatRoute(store, deepLinkChatQuery(link));
  } catch (error) {
    // The deep link's device is not in the emulator: the page says so.
    if (!(error instanceof EmulatorError)) throw error;
  }
  const reads: FirstReads = { devices: devicesRoute(store, {}, ctx), chat, fuso: ctx.tz };
  // `<` escaped: no text a contact or the bot sent can end the element.
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_READS_ID}">${json}</script>`;
}

const SECURITY_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The answer to a GET of the console's page, with its first reads in it. */
export function consoleCall(store: Store, ctx: Ctx, method: string, query: URLSearchParams): Reply {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, message: 'Método não permitido.', [HTTP_ALLOW]: 'GET, HEAD' };
  }
  const built = consolePage();
  if (!built) throw new EmulatorError(404, CONSOLE_NOT_BUILT);
  const link = readDeepLink(query);
  const reads = firstReads(store, ctx, link && 'deviceId' in link ? link : undefined);
  const reply = pageReply(200, 'text/html; charset=utf-8', built.before + reads + built.after);
  reply[HTTP_HEADERS] = { 'content-security-policy': built.csp, ...SECURITY_HEADERS };
  return reply;
}
