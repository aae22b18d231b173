// sendMedia (real service only): `file` as an http(s) URL or as base64 data (docs/emulator.md).
import type { Ctx } from '../context.js';
import { type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { outgoingEvent } from '../../delivery/payloads.js';
import type { Fields } from '../../rules/fields.js';
import { normalizeHttpUrl } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice } from '../access.js';
import { optionalText, recipient, recordSend, sentReply } from './sending.js';
import { fieldProblem, notA } from '../../rules/reasons.js';

export type MediaKind = 'image' | 'video' | 'audio' | 'document';

const KIND_BY_SUFFIX: Readonly<Record<string, MediaKind>> = Object.fromEntries([
  ...['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'].map((e) => [e, 'image'] as const),
  ...['mp4', 'mov', 'avi', 'mkv', 'webm', '3gp', 'm4v', 'wmv', 'mpeg', 'mpg'].map((e) => [e, 'video'] as const),
  ...['mp3', 'ogg', 'oga', 'opus', 'wav', 'm4a', 'aac', 'amr', 'flac'].map((e) => [e, 'audio'] as const),
]);

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** What a file name ends in after its last dot (`pdf`), lower-case; '' when none. */
function suffixOf(name: string): string {
  const base = name.split(/[?#]/)[0] ?? '';
  const dot = base.lastIndexOf('.');
  return dot === -1 || dot < base.lastIndexOf('/') ? '' : base.slice(dot + 1).toLowerCase();
}

/** `format` first, then the file name's suffix, then the URL's; anything unknown is a document. */
export function mediaKind(format: string | undefined, fileName: string, url: string | undefined): MediaKind {
  for (const candidate of [
    format?.trim().replace(/^\./, '').toLowerCase(),
    suffixOf(fileName),
    url && suffixOf(new URL(url).pathname),
  ]) {
    if (candidate && Object.hasOwn(KIND_BY_SUFFIX, candidate)) return KIND_BY_SUFFIX[candidate] as MediaKind;
  }
  return 'document';
}

/** Decoded size of base64 data (a `data:` URL prefix allowed, whitespace ignored); undefined when it is not base64. */
export function base64Size(raw: string): number | undefined {
  const data = raw.replace(DATA_URL, '').replace(/\s+/g, '');
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  return Buffer.byteLength(data, 'base64');
}

function lastSegment(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface MediaInput {
  url?: string;
  size?: number;
  fileName: string;
  caption?: string;
  kind: MediaKind;
}

/** `file` (URL or base64), `message` = the file's name (or `nomearquivo`), `descricao` = caption, `format`. */
export function readMedia(fields: Fields): MediaInput {
  const file = optionalText(fields, 'file')?.trim();
  if (file === undefined) throw validationError(fieldProblem(fields, 'file'));
  const url = normalizeHttpUrl(file);
  const size = url === undefined ? base64Size(file) : undefined;
  if (url === undefined && size === undefined)
    throw validationError(notA(fields, 'file', 'an http(s) URL or base64 data'));
  const named = optionalText(fields, 'nomearquivo') ?? optionalText(fields, 'message');
  const fileName = named?.trim() || (url && lastSegment(url)) || 'arquivo';
  const caption = optionalText(fields, 'descricao') ?? optionalText(fields, 'caption');
  return { url, size, fileName, caption, kind: mediaKind(optionalText(fields, 'format'), fileName, url) };
}

export function sendMedia(store: Store, fields: Fields, ctx: Ctx): Reply {
  const to = recipient(fields);
  const media = readMedia(fields);
  const { device } = authorizeDevice(store, fields, ctx);
  const content: Record<string, unknown> = {
    mediaType: media.kind,
    fileName: media.fileName,
    ...(media.url === undefined ? { size: media.size } : { file: media.url }),
    ...(media.caption === undefined ? {} : { caption: media.caption }),
  };
  const sent = recordSend(store, ctx, {
    device,
    to,
    kind: 'media',
    content,
    event: (id, now) =>
      outgoingEvent(device, 'media', to, id, now, {
        mensagem: media.caption ?? '',
        tipoMidia: media.kind,
        nomeArquivo: media.fileName,
        ...(media.url === undefined ? { tamanho: media.size } : { url: media.url }),
      }),
  });
  return sentReply('Mensagem enviada com sucesso.', sent);
}
