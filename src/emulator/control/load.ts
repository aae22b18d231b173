// POST /__emulator/load (a load run's runner posts its figures: each tick while it runs, and its end summary) and GET
// /__emulator/load (the latest run's). The emulator keeps the latest and sends it to every follower of the live
// events (`load`, and `carga` in each snapshot): its console shows the run from there, the one source of it.
import type { Ctx } from '../operations/context.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { checked } from './checks.js';
import { LoadRun as LOAD_RUN } from './schema/load.js';
import type { ControlHandlers } from './route.js';
import type { LoadAnswer, LoadRun, MessageAnswer } from './types.js';

/** The posted figures, checked against their documented schema (the console renders them as they come). */
function loadRunOf(fields: Fields): LoadRun {
  return checked(LOAD_RUN, fields, 'load run figures');
}

function postLoad(_store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): MessageAnswer {
  const run = loadRunOf(fields);
  instruments.load.post(run);
  if (instruments.live.bus.active) instruments.live.bus.publish('load', run);
  return { status: 200, message: 'Números da carga recebidos.' };
}

function showLoad(_store: Store, _fields: Fields, _ctx: Ctx, instruments: Instruments): LoadAnswer {
  return { status: 200, carga: instruments.load.latest };
}

export const LOAD_ROUTES = {
  '/__emulator/load': { GET: showLoad, POST: postLoad },
} satisfies ControlHandlers;
