// Control routes of the emulator's switchable option: whether every send needs a connected device.
import type { Ctx } from '../operations/context.js';
import { asFlag, has, own, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { invalidControlField } from './fields.js';
import type { ControlHandlers } from './route.js';
import type { OptionsAnswer, OptionsChangedAnswer } from './types.js';

function setOptions(_store: Store, fields: Fields, ctx: Ctx): OptionsChangedAnswer {
  if (has(fields, 'requireConnected')) {
    const value = asFlag(own(fields, 'requireConnected'));
    if (value === undefined) throw invalidControlField('requireConnected');
    ctx.requireConnected = value;
  }
  return { status: 200, message: 'Opções alteradas.', requireConnected: ctx.requireConnected };
}

function showOptions(_store: Store, _fields: Fields, ctx: Ctx): OptionsAnswer {
  return { status: 200, requireConnected: ctx.requireConnected };
}

export const OPTION_ROUTES = {
  '/__emulator/options': { GET: showOptions, POST: setOptions },
} satisfies ControlHandlers;
