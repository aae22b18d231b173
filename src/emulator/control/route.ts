// What a control route is: the fields of its query string and body in, the answer control/types.ts declares out.
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { ControlRouteKey, ControlRoutes } from './types.js';

/** A route's answer as declared; the OpenAPI document, which has no `status`, goes out as a Reply carrying it. */
type HandlerAnswer<Answer> = Answer extends { status: 200 } ? Answer : Reply;

export type ControlHandler<Key extends ControlRouteKey> = (
  store: Store,
  fields: Fields,
  ctx: Ctx,
  instruments: Instruments,
) => HandlerAnswer<ControlRoutes[Key]['answer']>;

/** Handlers of some of the control routes, each answering its route's declared answer. */
export type ControlHandlers = { readonly [Key in ControlRouteKey]?: ControlHandler<Key> };

/** Every control route's handler. */
export type AllControlHandlers = { readonly [Key in ControlRouteKey]: ControlHandler<Key> };
