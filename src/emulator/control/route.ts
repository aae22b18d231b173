// What a control route is: the fields of its query string and body in, one answer out.
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';

export type ControlRoute = (store: Store, fields: Fields, ctx: Ctx, instruments: Instruments) => Reply;
