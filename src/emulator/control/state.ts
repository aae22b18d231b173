// GET /__emulator/state and POST /__emulator/state: the emulator's whole state (every table, and the clock) as one
// JSON document, and back, so that a bug report can carry the state that shows the bug. Fault rules, the request
// log and the webhook attempts are not state: they stay as they are.
import type { Ctx } from '../operations/context.js';
import { EmulatorError } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import { isRecord, own, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import {
  exportTables,
  READABLE_VERSIONS,
  readableVersion,
  replaceTables,
  SCHEMA_VERSION,
  tablesProblem,
  type Tables,
} from '../store/snapshot.js';
import type { ControlHandlers } from './route.js';
import type { ImportAnswer, StateAnswer } from './types.js';

export const STATE_PATH = '/__emulator/state';
/** An exported state carries every message: larger than any service request may be. */
export const STATE_LIMIT_BYTES = 64 * 1024 * 1024;
export const STATE_FORMAT = 'chatbot-emulator-state';

function exportState(store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): StateAnswer {
  return {
    status: 200,
    formato: STATE_FORMAT,
    versao: SCHEMA_VERSION,
    exportadoEm: new Date().toISOString(),
    relogio: { agora: new Date(ctx.now()).toISOString(), alterado: instruments.clock.moved },
    tabelas: exportTables(store),
  };
}

function invalidState(detail: string): EmulatorError {
  return new EmulatorError(400, `Estado inválido: ${detail}.`);
}

function readTables(store: Store, fields: Fields): Tables {
  if (own(fields, 'formato') !== STATE_FORMAT) throw invalidState(`formato deve ser "${STATE_FORMAT}"`);
  const versao = own(fields, 'versao');
  if (!readableVersion(versao)) throw invalidState(`versao ${String(versao)}; este emulador lê ${READABLE_VERSIONS}`);
  const tables = own(fields, 'tabelas');
  if (!isRecord(tables)) throw invalidState('tabelas ausentes');
  const problem = tablesProblem(store, tables);
  if (problem) throw invalidState(problem);
  return tables as Tables;
}

/** The clock as it was exported, when it had been moved; real time otherwise. */
function restoreClock(fields: Fields, instruments: Instruments): void {
  const clock = own(fields, 'relogio');
  const at = isRecord(clock) && clock.alterado === true ? Date.parse(String(clock.agora)) : NaN;
  if (Number.isFinite(at)) instruments.clock.set(at);
  else instruments.clock.reset();
}

function importState(store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): ImportAnswer {
  const tables = readTables(store, fields);
  let linhas: number;
  try {
    linhas = store.tx(() => replaceTables(store, tables));
  } catch (error) {
    throw invalidState(error instanceof Error ? error.message : String(error));
  }
  restoreClock(fields, instruments);
  instruments.afterImport();
  instruments.live.bus.publish('reset', { motivo: 'import' });
  return { status: 200, message: 'Estado importado.', linhas };
}

export const STATE_ROUTES = {
  [STATE_PATH]: { GET: exportState, POST: importState },
} satisfies ControlHandlers;
