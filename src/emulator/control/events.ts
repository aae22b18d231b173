// GET /__emulator/events (the live events as Server-Sent Events) and POST /__emulator/events/disconnect (ends every
// stream, so that a test can see a follower resume).
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import { streamReply } from '../http/stream.js';
import type { Instruments } from '../instruments/index.js';
import { resumePoint } from '../live/stream.js';
import { asText, own, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { ControlHandlers } from './route.js';
import type { DisconnectedStreamsAnswer } from './types.js';

function openStream(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  const query = asText(own(fields, 'lastEventId'));
  return streamReply((req, res) => instruments.live.streams.attach(req, res, resumePoint(req.headers, query)));
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
