// Request handling: control routes under /__emulator/, otherwise path + flags → operation.
import type { Ctx } from '../context.js';
import { handleControl } from '../control/index.js';
import { EmulatorError, type Reply } from './reply.js';
import { validationError } from '../rules/service-errors.js';
import { faultTarget, findFault, runFault } from '../instruments/faults/apply.js';
import type { Instruments } from '../instruments/index.js';
import { extensionRoute } from '../extension-routes.js';
import { OPERATIONS } from '../operations/index.js';
import { isServicePath, selectOperation } from '../routes.js';
import type { IncomingCall } from './server.js';
import type { Store } from '../store/db.js';

export const ROUTE_NOT_FOUND = 'Rota não encontrada.';
export const METHOD_NOT_ALLOWED = 'Método não permitido.';

export function createCallHandler(
  store: Store,
  ctx: Ctx,
  instruments: Instruments,
): (call: IncomingCall) => Promise<Reply> {
  return async (call) => {
    if (call.path.startsWith('/__emulator/')) return handleControl(store, ctx, call, instruments);
    return serviceCall(store, withRequestBase(ctx, call.host), call, instruments);
  };
}

/** Links handed out (pairing page, pictures) start with the address the client used, else where the emulator listens. */
function withRequestBase(ctx: Ctx, host: string | undefined): Ctx {
  return host === undefined ? ctx : { ...ctx, baseUrl: `http://${host}` };
}

async function serviceCall(store: Store, ctx: Ctx, call: IncomingCall, instruments: Instruments): Promise<Reply> {
  const extension = await extensionRoute(store, ctx, call, METHOD_NOT_ALLOWED);
  if (extension) return extension;
  if (!isServicePath(call.path)) throw new EmulatorError(404, ROUTE_NOT_FOUND);
  if (call.method !== 'POST') throw new EmulatorError(405, METHOD_NOT_ALLOWED);
  const fields = await call.fields();
  const name = selectOperation(call.path, fields);
  call.note.operation = name;
  const fault = findFault(instruments.faults, faultTarget(call.path, name, fields));
  call.note.fault = fault?.source;
  const faulty = fault && (await runFault(fault.action));
  if (faulty) return faulty;
  if (!name) throw validationError();
  return OPERATIONS[name](store, fields, ctx);
}
