// Control routes of the fault rules: add one, list them, remove one, remove them all.
import { EmulatorError, type Reply } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { Ctx } from '../operations/context.js';
import { controlField } from './fields.js';
import type { ControlRoute } from './route.js';

function addFault(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  return { status: 200, message: 'Regra de falha criada.', falha: instruments.faults.add(fields) };
}

function removeFault(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  if (!instruments.faults.remove(controlField(fields, 'id')))
    throw new EmulatorError(404, 'Regra de falha não encontrada.');
  return { status: 200, message: 'Regra de falha removida.' };
}

function clearFaults(_store: Store, _fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  instruments.faults.clear();
  return { status: 200, message: 'Regras de falha apagadas.' };
}

function listFaults(_store: Store, _fields: Fields, _ctx: Ctx, instruments: Instruments): Reply {
  return { status: 200, falhas: instruments.faults.list() };
}

export const FAULT_POST_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/__emulator/faults': addFault,
  '/__emulator/faults/remove': removeFault,
  '/__emulator/faults/clear': clearFaults,
};

export const FAULT_GET_ROUTES: Readonly<Record<string, ControlRoute>> = { '/__emulator/faults': listFaults };
