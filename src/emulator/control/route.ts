// What a control route is: the fields of its query string and body in, the answer control/types.ts declares out.
import type { Ctx } from '../operations/context.js';
import type { Reply } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { ControlPath, ControlRoute, ControlRoutes } from './types.js';

type AnyRoute = ControlRoute<object | undefined, unknown>;

/** A route's answer as declared; the OpenAPI document, which has no `status`, goes out as a Reply carrying it. */
type HandlerAnswer<Answer> = Answer extends { status: 200 } ? Answer : Reply;

export type ControlHandler<Route extends AnyRoute> = (
  store: Store,
  fields: Fields,
  ctx: Ctx,
  instruments: Instruments,
) => HandlerAnswer<Route['answer']> | Promise<HandlerAnswer<Route['answer']>>;

/** The handlers of one path, one per method control/types.ts declares for it. */
export type PathHandlers<Path extends ControlPath> = {
  readonly [Method in keyof ControlRoutes[Path]]: ControlRoutes[Path][Method] extends AnyRoute
    ? ControlHandler<ControlRoutes[Path][Method]>
    : never;
};

/** Handlers of some of the control paths. */
export type ControlHandlers = { readonly [Path in ControlPath]?: PathHandlers<Path> };

/** Every control path's handlers. */
export type AllControlHandlers = { readonly [Path in ControlPath]: PathHandlers<Path> };

/** Any handler, as the router calls it. */
export type AnyControlHandler = ControlHandler<AnyRoute>;
