// Request handling: control routes under /__emulator/; a service path's routes by GET or PUT; otherwise its POST,
// where the fields select the operation (after any fault rule that hits the request has had its say).
import { handleControl } from '../control/index.js';
import type { Instruments } from '../instruments/index.js';
import { faultReason, faultTarget, findFault, runFault } from '../instruments/faults/apply.js';
import type { Ctx } from '../operations/context.js';
import { isServicePath, OPERATIONS, ROUTES, selectOperation } from '../operations/table.js';
import { validationError } from '../rules/service-errors.js';
import type { Store } from '../store/db.js';
import type { Fields } from '../rules/fields.js';
import { EmulatorError, HTTP_ALLOW, type Reply } from './reply.js';
import type { IncomingCall } from './server.js';
import { areaOf } from './guard.js';
import { consoleCall } from '../console/routes.js';

export const ROUTE_NOT_FOUND = 'Rota não encontrada.';
export const METHOD_NOT_ALLOWED = 'Método não permitido.';

export function createCallHandler(
  store: Store,
  ctx: Ctx,
  instruments: Instruments,
): (call: IncomingCall) => Promise<Reply> {
  return async (call) => {
    const area = areaOf(call.path);
    if (area === 'control') return handleControl(store, ctx, call, instruments);
    if (area === 'console') return consoleCall(store, ctx, call.method, call.query);
    return serviceCall(store, withRequest(ctx, call), call, instruments);
  };
}

/**
 * The request's own context: links handed out (pairing page, pictures) start with the address the client used, else
 * where the emulator listens; a send keeps the client's User-Agent (where it came from).
 */
function withRequest(ctx: Ctx, call: IncomingCall): Ctx {
  const base = call.host === undefined ? {} : { baseUrl: `http://${call.host}` };
  return { ...ctx, ...base, userAgent: call.userAgent };
}

/**
 * The answer of a route by GET or PUT; for another method on an API route's path, 405 naming the methods it allows;
 * undefined when the call is none of these (it goes to the path's POST). Pages answer GET only: any other method on
 * them is an unknown route, as on any path.
 */
async function routeCall(store: Store, ctx: Ctx, call: IncomingCall): Promise<Reply | undefined> {
  const matched = ROUTES.flatMap((route) => {
    const param = route.match(call.path);
    return param === undefined ? [] : [{ route, param }];
  });
  const own = matched.find(({ route }) => route.method === call.method);
  if (own) return own.route.run({ store, ctx, path: call.path, param: own.param, fields: () => call.fields() });
  const allowed = new Set<string>(matched.flatMap(({ route }) => (route.doc.page === undefined ? [route.method] : [])));
  if (allowed.size === 0) return undefined;
  if (isServicePath(call.path)) {
    if (call.method === 'POST') return undefined;
    allowed.add('POST');
  }
  const methods = [...allowed].sort().join(', ');
  call.note.reason = `${call.path} takes ${methods}, not ${call.method}`;
  return { status: 405, message: METHOD_NOT_ALLOWED, [HTTP_ALLOW]: methods };
}

/** Why no operation of a shared path was chosen: the fields sent (names only: values may be keys). */
function unselected(path: string, fields: Fields): string {
  const names = Object.keys(fields);
  return `no operation of ${path} matches the fields sent (${names.length ? names.join(', ') : 'none'})`;
}

async function serviceCall(store: Store, ctx: Ctx, call: IncomingCall, instruments: Instruments): Promise<Reply> {
  const routed = await routeCall(store, ctx, call);
  if (routed) return routed;
  if (!isServicePath(call.path))
    throw new EmulatorError(404, ROUTE_NOT_FOUND).because(`${call.path} is not a path of the service`);
  if (call.method !== 'POST')
    throw new EmulatorError(405, METHOD_NOT_ALLOWED).because(`${call.path} takes POST, not ${call.method}`);
  const fields = await call.fields();
  const name = selectOperation(call.path, fields);
  call.note.operation = name;
  const target = faultTarget(call.path, name, fields);
  const fault = findFault(instruments.faults, target);
  call.note.fault = fault?.source;
  const reason = fault && faultReason(fault, target);
  const faulty = fault && (await runFault(fault.action, reason));
  if (faulty) {
    call.note.reason = reason;
    return faulty;
  }
  if (!name) throw validationError(unselected(call.path, fields));
  return OPERATIONS[name](store, fields, ctx);
}
