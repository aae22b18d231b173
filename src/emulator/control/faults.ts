// Control routes of the fault rules: add one, list them, remove one, remove them all.
import { EmulatorError } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { Ctx } from '../operations/context.js';
import { controlField } from './fields.js';
import type { ControlHandlers } from './route.js';
import type { FaultAddedAnswer, FaultsAnswer, MessageAnswer } from './types.js';

/** Followers of the live events hear the rules as they are now. */
function publishFaults(instruments: Instruments): void {
  if (instruments.live.bus.active) instruments.live.bus.publish('faults', { falhas: [...instruments.faults.list()] });
}

function addFault(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): FaultAddedAnswer {
  const falha = instruments.faults.add(fields);
  publishFaults(instruments);
  return { status: 200, message: 'Regra de falha criada.', falha };
}

function removeFault(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): MessageAnswer {
  if (!instruments.faults.remove(controlField(fields, 'id')))
    throw new EmulatorError(404, 'Regra de falha não encontrada.');
  publishFaults(instruments);
  return { status: 200, message: 'Regra de falha removida.' };
}

function clearFaults(_store: Store, _fields: Fields, _ctx: Ctx, instruments: Instruments): MessageAnswer {
  instruments.faults.clear();
  publishFaults(instruments);
  return { status: 200, message: 'Regras de falha apagadas.' };
}

function listFaults(_store: Store, _fields: Fields, _ctx: Ctx, instruments: Instruments): FaultsAnswer {
  return { status: 200, falhas: [...instruments.faults.list()] };
}

export const FAULT_ROUTES = {
  '/__emulator/faults': { POST: addFault, GET: listFaults },
  '/__emulator/faults/remove': { POST: removeFault },
  '/__emulator/faults/clear': { POST: clearFaults },
} satisfies ControlHandlers;
