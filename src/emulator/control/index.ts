// The control API (/__emulator/*): what the real network does outside the service (a phone pairing, contacts
// writing, ...), what went out, and the instruments tests steer (fault rules, the clock, the request log). Every
// route of control/types.ts has its handler here, answering what that module declares.
import type { Ctx } from '../operations/context.js';
import { setupRoute } from './account-setup.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { resetInstruments, type Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import { wipeStore, type Store } from '../store/db.js';
import { CLOCK_ROUTES } from './clock.js';
import { FAULT_ROUTES } from './faults.js';
import { inboundRoute } from './inbound.js';
import { LOAD_ROUTES } from './load.js';
import { openApiRoute } from './openapi.js';
import { OPTION_ROUTES } from './options.js';
import { outboxRoute, webhooksRoute } from './outbox.js';
import { connectRoute, disconnectRoute } from './phone.js';
import { REQUEST_ROUTES } from './requests.js';
import type { AllControlHandlers, AnyControlHandler } from './route.js';
import { checkRequest } from './checks.js';
import { CONTROL_API, type RouteSpec } from './schema/routes.js';
import { createGroupRoute, createTemplateRoute, issueOtpRoute } from './network.js';
import type { ControlPath, MessageAnswer } from './types.js';
import { chatRoute, chatsRoute } from './chats.js';
import { DELIVERY_ROUTES } from './deliveries.js';
import { devicesRoute, pairingRoute } from './devices.js';
import { LIVE_EVENT_ROUTES } from './live-events.js';
import { webhookAddressRoute } from './webhook-address.js';
import { contactNameRoute } from './contact-name.js';
import { STATE_LIMIT_BYTES, STATE_PATH, STATE_ROUTES } from './state.js';

export const CONTROL_NOT_FOUND = 'Rota de controle não encontrada.';

/** What the control API needs of a call (the HTTP layer's IncomingCall is one). */
export interface ControlCall {
  method: string;
  path: string;
  fields(limit?: number): Promise<Fields>;
}

function reset(store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): MessageAnswer {
  wipeStore(store);
  instruments.afterReset();
  resetInstruments(ctx, instruments);
  instruments.live.bus.publish('reset', { motivo: 'reset' });
  return { status: 200, message: 'Estado do emulador apagado.' };
}

const HANDLERS: AllControlHandlers = {
  '/__emulator/health': { GET: () => ({ status: 200, message: 'ok' }) },
  '/__emulator/setup': { POST: setupRoute },
  '/__emulator/connect': { POST: connectRoute },
  '/__emulator/disconnect': { POST: disconnectRoute },
  '/__emulator/devices/webhook': { POST: webhookAddressRoute },
  '/__emulator/groups': { POST: createGroupRoute },
  '/__emulator/templates': { POST: createTemplateRoute },
  '/__emulator/otp': { POST: issueOtpRoute },
  '/__emulator/inbound': { POST: inboundRoute },
  '/__emulator/contacts/name': { POST: contactNameRoute },
  '/__emulator/outbox': { GET: outboxRoute },
  '/__emulator/webhooks': { GET: webhooksRoute },
  '/__emulator/reset': { POST: reset },
  '/__emulator/openapi.json': { GET: openApiRoute },
  ...FAULT_ROUTES,
  ...CLOCK_ROUTES,
  ...REQUEST_ROUTES,
  ...OPTION_ROUTES,
  '/__emulator/devices': { GET: devicesRoute },
  '/__emulator/pairing': { GET: pairingRoute },
  '/__emulator/chats': { GET: chatsRoute },
  '/__emulator/chat': { GET: chatRoute },
  ...DELIVERY_ROUTES,
  ...STATE_ROUTES,
  ...LIVE_EVENT_ROUTES,
  ...LOAD_ROUTES,
};

/** An imported state may be larger than any service request. */
function bodyLimit(path: string): number | undefined {
  return path === STATE_PATH ? STATE_LIMIT_BYTES : undefined;
}

type MethodHandlers = Partial<Record<'GET' | 'POST', AnyControlHandler>>;

/** The handlers of a known path, by method. */
function pathHandlers(path: string): MethodHandlers | undefined {
  return Object.hasOwn(HANDLERS, path) ? HANDLERS[path as ControlPath] : undefined;
}

/** The request schema of the method that answers (a POST to a read-only route is its GET). */
function requestSchema(path: ControlPath, method: string): RouteSpec['request'] {
  const specs: { GET?: RouteSpec; POST?: RouteSpec } = CONTROL_API[path];
  return ((method === 'POST' ? specs.POST : undefined) ?? specs.GET)?.request;
}

/** Read-only routes also answer POST, for clients that can only POST. */
function routeFor(method: string, handlers: MethodHandlers): AnyControlHandler | undefined {
  if (method === 'POST') return handlers.POST ?? handlers.GET;
  return method === 'GET' ? handlers.GET : undefined;
}

export async function handleControl(
  store: Store,
  ctx: Ctx,
  call: ControlCall,
  instruments: Instruments,
): Promise<Reply> {
  const handlers = pathHandlers(call.path);
  if (!handlers) throw new EmulatorError(404, CONTROL_NOT_FOUND);
  const route = routeFor(call.method, handlers);
  if (!route) throw new EmulatorError(405, 'Método não permitido.');
  const fields = await call.fields(bodyLimit(call.path));
  checkRequest(requestSchema(call.path as ControlPath, call.method), fields);
  return route(store, fields, ctx, instruments);
}
