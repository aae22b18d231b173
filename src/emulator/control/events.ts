// GET /__emulator/events (the live events as Server-Sent Events) and POST /__emulator/events/disconnect (ends every
// stream, so that a test can see a follower resume).
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import { streamReply } from '../http/stream.js';
import type { Instruments } from '../instruments/index.js';
import { resumePoint, streamFilter } from '../live/stream.js';
import { asFlag, asText, own, type Fields } from '../rules/fields.js';
import { invalidControlField } from './fields.js';
import type { Store } from '../store/db.js';
import type { ControlHandlers } from './route.js';
import type { DisconnectedStreamsAnswer } from './types.js';

/** `chats`: `<device id>:<chat>` pairs, comma-separated (empty: no chat); absent: every chat. */
function chatsField(fields: Fields): string[] | undefined {
  const raw = own(fields, 'chats');
  if (raw === undefined) return undefined;
  const text = asText(raw);
  if (text === undefined) throw invalidControlField('chats');
  const keys = text.split(',').filter((key) => key !== '');
  if (keys.some((key) => !/^[^:]+:[^:]+$/.test(key))) throw invalidControlField('chats');
  return keys;
}

function logsField(fields: Fields): boolean | undefined {
  if (own(fields, 'logs') === undefined) return undefined;
  const logs = asFlag(own(fields, 'logs'));
  if (logs === undefined) throw invalidControlField('logs');
  return logs;
}

function openStream(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  const query = asText(own(fields, 'lastEventId'));
  const filter = streamFilter(chatsField(fields), logsField(fields));
  return streamReply((req, res) => instruments.live.streams.attach(req, res, resumePoint(req.headers, query), filter));
}

function disconnectStreams(
  _store: Store,
  _fields: Fields,
  _ctx: Ctx,
  instruments: Instruments,
): DisconnectedStreamsAnswer {
  const streams = instruments.live.streams.disconnectAll();
  return { status: 200, message: 'Fluxos de eventos encerrados.', streams };
}

export const EVENT_ROUTES = {
  '/__emulator/events': { GET: openStream },
  '/__emulator/events/disconnect': { POST: disconnectStreams },
} satisfies ControlHandlers;
