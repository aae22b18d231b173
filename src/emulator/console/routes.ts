// The console's page (`/`) and its files (`/console/<file>`), with headers that keep it to its own origin: no
// script or style from anywhere else, no framing by another page (clickjacking), no referrer to the links it opens.
import { EmulatorError, HTTP_HEADERS, type Reply } from '../http/reply.js';
import { pageReply } from '../http/pages.js';
import { CONSOLE_ASSETS } from '../http/guard.js';
import { CONSOLE_FILES, consoleFile } from './assets.js';
import { deepLinkPreloads, readDeepLink } from './deep-link.js';

export const CONSOLE_NOT_BUILT = 'O console não foi construído: rode `npm run build`.';
export const CONSOLE_FILE_NOT_FOUND = 'Arquivo do console não encontrado.';

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: http: https:; media-src 'self' http: https:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * The answer to a GET of a console path. The page at a deep link names its first reads in a Link header, so that the
 * browser fetches them beside the page's script.
 */
export function consoleCall(method: string, path: string, query: URLSearchParams): Reply {
  if (method !== 'GET' && method !== 'HEAD') throw new EmulatorError(405, 'Método não permitido.');
  const name = path === '/' ? 'index.html' : path.slice(CONSOLE_ASSETS.length);
  const text = consoleFile(name);
  if (text === undefined) {
    if (path === '/') throw new EmulatorError(404, CONSOLE_NOT_BUILT);
    throw new EmulatorError(404, CONSOLE_FILE_NOT_FOUND);
  }
  const reply = pageReply(200, CONSOLE_FILES[name] ?? 'text/plain', text);
  const link = path === '/' ? readDeepLink(query) : undefined;
  reply[HTTP_HEADERS] =
    link && 'deviceId' in link ? { ...SECURITY_HEADERS, link: deepLinkPreloads(link) } : SECURITY_HEADERS;
  return reply;
}
