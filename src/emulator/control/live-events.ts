// GET /__emulator/events (the live events as Server-Sent Events, each stream beginning with a snapshot) and POST /__emulator/events/disconnect (ends every
// stream, so that a test can see a follower resume).
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import { openReply } from '../http/open-reply.js';
import type { Instruments } from '../instruments/index.js';
import { resumePoint, streamFilter } from '../live/stream.js';
import { takeSnapshot } from './snapshot.js';
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

/** `fresh`: on a resume, the `<device id>:<chat>` pairs and `logs` the follower did not follow before. */
function freshField(fields: Fields): string[] {
  const raw = own(fields, 'fresh');
  if (raw === undefined) return [];
  const text = asText(raw);
  if (text === undefined) throw invalidControlField('fresh');
  const items = text.split(',').filter((item) => item !== '');
  if (items.some((item) => item !== 'logs' && !/^[^:]+:[^:]+$/.test(item))) throw invalidControlField('fresh');
  return items;
}

function logsField(fields: Fields): boolean | undefined {
  if (own(fields, 'logs') === undefined) return undefined;
  const logs = asFlag(own(fields, 'logs'));
  if (logs === undefined) throw invalidControlField('logs');
  return logs;
}

function openStream(store: Store, fields: Fields, ctx: Ctx, instruments: Instruments): Reply {
  const query = asText(own(fields, 'lastEventId'));
  const filter = streamFilter(chatsField(fields), logsField(fields));
  const fresh = freshField(fields);
  return openReply((req, res) =>
    instruments.live.streams.attach(req, res, { after: resumePoint(req.headers, query), filter, fresh }, (at, scope) =>
      takeSnapshot(store, instruments, ctx.now(), at, scope),
    ),
  );
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

export const LIVE_EVENT_ROUTES = {
  '/__emulator/events': { GET: openStream },
  '/__emulator/events/disconnect': { POST: disconnectStreams },
} satisfies ControlHandlers;
