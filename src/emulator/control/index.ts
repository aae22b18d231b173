// The control API (/__emulator/*): what the real network does outside the service (a phone pairing, contacts
// writing, ...), what went out, and the instruments tests steer (fault rules, the clock, the request log).
import type { Ctx } from '../operations/context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import type { IncomingCall } from '../http/server.js';
import { resetInstruments, type Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import { wipeStore, type Store } from '../store/db.js';
import { CLOCK_GET_ROUTES, CLOCK_POST_ROUTES } from './clock.js';
import { FAULT_GET_ROUTES, FAULT_POST_ROUTES } from './faults.js';
import { inboundRoute } from './inbound.js';
import { openApiRoute } from './openapi.js';
import { OPTION_GET_ROUTES, OPTION_POST_ROUTES } from './options.js';
import { outboxRoute, webhooksRoute } from './outbox.js';
import { connectRoute, disconnectRoute } from './phone.js';
import { REQUEST_GET_ROUTES } from './requests.js';
import type { ControlRoute } from './route.js';
import { createGroupRoute, createTemplateRoute, issueOtpRoute } from './setup.js';

export const CONTROL_NOT_FOUND = 'Rota de controle não encontrada.';

function reset(store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): Reply {
  wipeStore(store);
  instruments.afterReset();
  resetInstruments(ctx, instruments);
  return { status: 200, message: 'Estado do emulador apagado.' };
}

const POST_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/__emulator/connect': connectRoute,
  '/__emulator/disconnect': disconnectRoute,
  '/__emulator/groups': createGroupRoute,
  '/__emulator/templates': createTemplateRoute,
  '/__emulator/otp': issueOtpRoute,
  '/__emulator/inbound': inboundRoute,
  '/__emulator/reset': reset,
  ...FAULT_POST_ROUTES,
  ...CLOCK_POST_ROUTES,
  ...OPTION_POST_ROUTES,
};

const GET_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/__emulator/health': () => ({ status: 200, message: 'ok' }),
  '/__emulator/outbox': outboxRoute,
  '/__emulator/webhooks': webhooksRoute,
  '/__emulator/openapi.json': openApiRoute,
  ...FAULT_GET_ROUTES,
  ...CLOCK_GET_ROUTES,
  ...REQUEST_GET_ROUTES,
  ...OPTION_GET_ROUTES,
};

/** Read-only routes also answer POST, for clients that can only POST. */
function routeFor(method: string, path: string): ControlRoute | undefined {
  if (method === 'POST' && Object.hasOwn(POST_ROUTES, path)) return POST_ROUTES[path];
  if ((method === 'GET' || method === 'POST') && Object.hasOwn(GET_ROUTES, path)) return GET_ROUTES[path];
  return undefined;
}

export async function handleControl(
  store: Store,
  ctx: Ctx,
  call: IncomingCall,
  instruments: Instruments,
): Promise<Reply> {
  const route = routeFor(call.method, call.path);
  if (!route) {
    const known = Object.hasOwn(POST_ROUTES, call.path) || Object.hasOwn(GET_ROUTES, call.path);
    throw known ? new EmulatorError(405, 'Método não permitido.') : new EmulatorError(404, CONTROL_NOT_FOUND);
  }
  return route(store, await call.fields(), ctx, instruments);
}
