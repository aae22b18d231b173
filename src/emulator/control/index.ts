// The control API (/__emulator/*): what the real network does outside the service (a phone pairing, contacts
// writing, ...), what went out, and the instruments tests steer (fault rules, the clock, the request log). Every
// route of control/types.ts has its handler here, answering what that module declares.
import type { Ctx } from '../operations/context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { resetInstruments, type Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import { wipeStore, type Store } from '../store/db.js';
import { CLOCK_ROUTES } from './clock.js';
import { FAULT_ROUTES } from './faults.js';
import { inboundRoute } from './inbound.js';
import { openApiRoute } from './openapi.js';
import { OPTION_ROUTES } from './options.js';
import { outboxRoute, webhooksRoute } from './outbox.js';
import { connectRoute, disconnectRoute } from './phone.js';
import { REQUEST_ROUTES } from './requests.js';
import type { AllControlHandlers, ControlHandler } from './route.js';
import { createGroupRoute, createTemplateRoute, issueOtpRoute } from './setup.js';
import type { ControlRouteKey, MessageAnswer } from './types.js';

export const CONTROL_NOT_FOUND = 'Rota de controle não encontrada.';

/** What the control API needs of a call (the HTTP layer's IncomingCall is one). */
export interface ControlCall {
  method: string;
  path: string;
  fields(): Promise<Fields>;
}

function reset(store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): MessageAnswer {
  wipeStore(store);
  instruments.afterReset();
  resetInstruments(ctx, instruments);
  return { status: 200, message: 'Estado do emulador apagado.' };
}

const HANDLERS: AllControlHandlers = {
  'GET /__emulator/health': () => ({ status: 200, message: 'ok' }),
  'POST /__emulator/connect': connectRoute,
  'POST /__emulator/disconnect': disconnectRoute,
  'POST /__emulator/groups': createGroupRoute,
  'POST /__emulator/templates': createTemplateRoute,
  'POST /__emulator/otp': issueOtpRoute,
  'POST /__emulator/inbound': inboundRoute,
  'GET /__emulator/outbox': outboxRoute,
  'GET /__emulator/webhooks': webhooksRoute,
  'POST /__emulator/reset': reset,
  'GET /__emulator/openapi.json': openApiRoute,
  ...FAULT_ROUTES,
  ...CLOCK_ROUTES,
  ...REQUEST_ROUTES,
  ...OPTION_ROUTES,
};

const PATHS = new Set(Object.keys(HANDLERS).map((key) => key.slice(key.indexOf(' ') + 1)));

function handler(method: string, path: string): ControlHandler<ControlRouteKey> | undefined {
  const key = `${method} ${path}`;
  return Object.hasOwn(HANDLERS, key) ? HANDLERS[key as ControlRouteKey] : undefined;
}

/** Read-only routes also answer POST, for clients that can only POST. */
function routeFor(method: string, path: string): ControlHandler<ControlRouteKey> | undefined {
  if (method === 'POST') return handler('POST', path) ?? handler('GET', path);
  return method === 'GET' ? handler('GET', path) : undefined;
}

export async function handleControl(
  store: Store,
  ctx: Ctx,
  call: ControlCall,
  instruments: Instruments,
): Promise<Reply> {
  const route = routeFor(call.method, call.path);
  if (!route) {
    throw PATHS.has(call.path)
      ? new EmulatorError(405, 'Método não permitido.')
      : new EmulatorError(404, CONTROL_NOT_FOUND);
  }
  return route(store, await call.fields(), ctx, instruments);
}
