// The control API: what the real network does outside the service (a phone pairing, contacts writing, ...).
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { optional, type Fields } from '../rules/fields.js';
import { normalizePhone } from '../rules/recipients.js';
import type { IncomingCall } from '../http/server.js';
import { wipeStore, type Store } from '../store/db.js';
import { setConnected } from '../store/devices.js';
import { controlDevice, invalidControlField } from './fields.js';
import { inboundRoute } from './inbound.js';
import { openApiRoute } from './openapi.js';
import { outboxRoute, webhooksRoute } from './outbox.js';
import { createGroupRoute, createTemplateRoute, issueOtpRoute } from './setup.js';
import { resetHarness, TESTING_GET_ROUTES, TESTING_POST_ROUTES } from './testing.js';
import type { Harness } from '../harness.js';

export const CONTROL_NOT_FOUND = 'Rota de controle não encontrada.';

type ControlRoute = (store: Store, fields: Fields, ctx: Ctx, harness: Harness) => Reply;

/** The phone completes pairing; `telefone` (optional) is the number it turns out to have. */
function connect(store: Store, fields: Fields): Reply {
  const device = controlDevice(store, fields);
  const invalid = () => invalidControlField('telefone');
  const telefone = (optional(fields, 'telefone', invalid) ?? optional(fields, 'phone', invalid))?.trim();
  if (telefone !== undefined && !normalizePhone(telefone)) throw invalidControlField('telefone');
  store.tx(() => setConnected(store, device.id, true, telefone));
  return { status: 200, message: 'Dispositivo conectado.' };
}

function disconnect(store: Store, fields: Fields): Reply {
  const device = controlDevice(store, fields);
  store.tx(() => setConnected(store, device.id, false));
  return { status: 200, message: 'Dispositivo desconectado.' };
}

function reset(store: Store, _fields: Fields, ctx: Ctx, harness: Harness): Reply {
  wipeStore(store);
  harness.afterReset();
  resetHarness(ctx, harness);
  return { status: 200, message: 'Estado do emulador apagado.' };
}

const POST_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/__emulator/connect': connect,
  '/__emulator/disconnect': disconnect,
  '/__emulator/groups': createGroupRoute,
  '/__emulator/templates': createTemplateRoute,
  '/__emulator/otp': issueOtpRoute,
  '/__emulator/inbound': inboundRoute,
  '/__emulator/reset': reset,
  ...TESTING_POST_ROUTES,
};

const GET_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/__emulator/health': () => ({ status: 200, message: 'ok' }),
  '/__emulator/outbox': outboxRoute,
  '/__emulator/webhooks': webhooksRoute,
  '/__emulator/openapi.json': openApiRoute,
  ...TESTING_GET_ROUTES,
};

/** Read-only routes also answer POST, for clients that can only POST. */
function routeFor(method: string, path: string): ControlRoute | undefined {
  if (method === 'POST' && Object.hasOwn(POST_ROUTES, path)) return POST_ROUTES[path];
  if ((method === 'GET' || method === 'POST') && Object.hasOwn(GET_ROUTES, path)) return GET_ROUTES[path];
  return undefined;
}

export async function handleControl(store: Store, ctx: Ctx, call: IncomingCall, harness: Harness): Promise<Reply> {
  const route = routeFor(call.method, call.path);
  if (!route) {
    const known = Object.hasOwn(POST_ROUTES, call.path) || Object.hasOwn(GET_ROUTES, call.path);
    throw known ? new EmulatorError(405, 'Método não permitido.') : new EmulatorError(404, CONTROL_NOT_FOUND);
  }
  return route(store, await call.fields(), ctx, harness);
}
