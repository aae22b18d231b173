// Control routes of the test clock: read it, put it at an instant, move it forward, back to real time.
import type { Ctx } from '../operations/context.js';
import type { Instruments } from '../instruments/index.js';
import { invalidDuration, readDuration } from '../rules/duration-field.js';
import { asText, own, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { invalidControlField } from './fields.js';
import type { ControlHandlers } from './route.js';
import type { ClockAnswer } from './types.js';

function clockView(ctx: Ctx, instruments: Instruments, message?: string): ClockAnswer {
  return {
    status: 200,
    ...(message && { message }),
    agora: new Date(ctx.now()).toISOString(),
    alterado: instruments.clock.moved,
  };
}

/** A moved clock: what fell due goes out, and followers of the live events hear the new time. */
function clockMoved(ctx: Ctx, instruments: Instruments, message: string): ClockAnswer {
  instruments.afterClockMove();
  const view = clockView(ctx, instruments, message);
  if (instruments.live.bus.active)
    instruments.live.bus.publish('clock', { agora: view.agora, alterado: view.alterado });
  return view;
}

/** `at`: an ISO 8601 time with a zone (`2030-01-01T12:00:00Z`) or epoch milliseconds. */
function parseInstant(raw: unknown): number | undefined {
  const text = asText(raw)?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

function setClock(_store: Store, fields: Fields, ctx: Ctx, instruments: Instruments): ClockAnswer {
  const at = parseInstant(own(fields, 'at'));
  if (at === undefined) throw invalidControlField('at');
  instruments.clock.set(at);
  return clockMoved(ctx, instruments, 'Relógio ajustado.');
}

function advanceClock(_store: Store, fields: Fields, ctx: Ctx, instruments: Instruments): ClockAnswer {
  const raw = own(fields, 'by');
  const by = readDuration(raw);
  if (by === undefined) throw invalidDuration('by', raw);
  instruments.clock.advance(by);
  return clockMoved(ctx, instruments, 'Relógio adiantado.');
}

function resetClock(_store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): ClockAnswer {
  instruments.clock.reset();
  return clockMoved(ctx, instruments, 'Relógio de volta ao tempo real.');
}

function showClock(_store: Store, _fields: Fields, ctx: Ctx, instruments: Instruments): ClockAnswer {
  return clockView(ctx, instruments);
}

export const CLOCK_ROUTES = {
  '/__emulator/clock': { GET: showClock },
  '/__emulator/clock/set': { POST: setClock },
  '/__emulator/clock/advance': { POST: advanceClock },
  '/__emulator/clock/reset': { POST: resetClock },
} satisfies ControlHandlers;
