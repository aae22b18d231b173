// Control route of the request log: the service requests received, filtered.
import type { Ctx } from '../operations/context.js';
import type { Instruments } from '../instruments/index.js';
import { readRequestFilter } from '../instruments/request-log.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { ControlHandlers } from './route.js';
import type { RequestsAnswer } from './types.js';

function listRequests(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): RequestsAnswer {
  return { status: 200, requisicoes: instruments.requests.list(readRequestFilter(fields)) };
}

export const REQUEST_ROUTES = { '/__emulator/requests': { GET: listRequests } } satisfies ControlHandlers;
