// Control routes for tests: fault rules, the test clock, the request log and the connected-device option.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { asFlag, asText, has, own, type Fields } from '../rules/fields.js';
import type { Harness } from '../harness.js';
import { readRequestFilter } from '../request-log.js';
import type { Store } from '../store/db.js';
import { controlField, invalidControlField } from './fields.js';

export type TestingRoute = (store: Store, fields: Fields, ctx: Ctx, harness: Harness) => Reply;

function addFault(_store: Store, fields: Fields, _ctx: Ctx, harness: Harness): Reply {
  return { status: 200, message: 'Regra de falha criada.', falha: harness.faults.add(fields) };
}

function removeFault(_store: Store, fields: Fields, _ctx: Ctx, harness: Harness): Reply {
  if (!harness.faults.remove(controlField(fields, 'id')))
    throw new EmulatorError(404, 'Regra de falha não encontrada.');
  return { status: 200, message: 'Regra de falha removida.' };
}

function clearFaults(_store: Store, _fields: Fields, _ctx: Ctx, harness: Harness): Reply {
  harness.faults.clear();
  return { status: 200, message: 'Regras de falha apagadas.' };
}

function listFaults(_store: Store, _fields: Fields, _ctx: Ctx, harness: Harness): Reply {
  return { status: 200, falhas: harness.faults.list() };
}

function clockView(ctx: Ctx, harness: Harness, message?: string): Reply {
  return {
    status: 200,
    ...(message && { message }),
    agora: new Date(ctx.now()).toISOString(),
    alterado: harness.clock.moved,
  };
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `by`: milliseconds as a number, or text like `90s`, `15m`, `2h`, `1d`, `500ms`. */
export function parseDuration(raw: unknown): number | undefined {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(asText(raw)?.trim() ?? '');
  if (!match) return undefined;
  const ms = Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** `at`: an ISO 8601 time with a zone (`2030-01-01T12:00:00Z`) or epoch milliseconds. */
function parseInstant(raw: unknown): number | undefined {
  const text = asText(raw)?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

function setClock(_store: Store, fields: Fields, ctx: Ctx, harness: Harness): Reply {
  const at = parseInstant(own(fields, 'at'));
  if (at === undefined) throw invalidControlField('at');
  harness.clock.set(at);
  harness.afterClockMove();
  return clockView(ctx, harness, 'Relógio ajustado.');
}

function advanceClock(_store: Store, fields: Fields, ctx: Ctx, harness: Harness): Reply {
  const by = parseDuration(own(fields, 'by'));
  if (by === undefined) throw invalidControlField('by');
  harness.clock.advance(by);
  harness.afterClockMove();
  return clockView(ctx, harness, 'Relógio adiantado.');
}

function resetClock(_store: Store, _fields: Fields, ctx: Ctx, harness: Harness): Reply {
  harness.clock.reset();
  harness.afterClockMove();
  return clockView(ctx, harness, 'Relógio de volta ao tempo real.');
}

function showClock(_store: Store, _fields: Fields, ctx: Ctx, harness: Harness): Reply {
  return clockView(ctx, harness);
}

function listRequests(_store: Store, fields: Fields, _ctx: Ctx, harness: Harness): Reply {
  return { status: 200, requisicoes: harness.requests.list(readRequestFilter(fields)) };
}

function setOptions(_store: Store, fields: Fields, ctx: Ctx): Reply {
  if (has(fields, 'requireConnected')) {
    const value = asFlag(own(fields, 'requireConnected'));
    if (value === undefined) throw invalidControlField('requireConnected');
    ctx.requireConnected = value;
  }
  return { status: 200, message: 'Opções alteradas.', requireConnected: ctx.requireConnected };
}

function showOptions(_store: Store, _fields: Fields, ctx: Ctx): Reply {
  return { status: 200, requireConnected: ctx.requireConnected };
}

export const TESTING_POST_ROUTES: Readonly<Record<string, TestingRoute>> = {
  '/__emulator/faults': addFault,
  '/__emulator/faults/remove': removeFault,
  '/__emulator/faults/clear': clearFaults,
  '/__emulator/clock/set': setClock,
  '/__emulator/clock/advance': advanceClock,
  '/__emulator/clock/reset': resetClock,
  '/__emulator/options': setOptions,
};

export const TESTING_GET_ROUTES: Readonly<Record<string, TestingRoute>> = {
  '/__emulator/faults': listFaults,
  '/__emulator/clock': showClock,
  '/__emulator/requests': listRequests,
  '/__emulator/options': showOptions,
};

/** Reset: no fault rules, an empty request log, real time, and the connected-device option as at start. */
export function resetHarness(ctx: Ctx, harness: Harness): void {
  harness.faults.clear();
  harness.requests.clear();
  harness.clock.reset();
  ctx.requireConnected = harness.requireConnectedAtStart;
}
