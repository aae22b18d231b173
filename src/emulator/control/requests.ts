// Control route of the request log: the service requests received, filtered.
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import { readRequestFilter } from '../instruments/request-log.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { ControlRoute } from './route.js';

function listRequests(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  return { status: 200, requisicoes: instruments.requests.list(readRequestFilter(fields)) };
}

export const REQUEST_GET_ROUTES: Readonly<Record<string, ControlRoute>> = { '/__emulator/requests': listRequests };
