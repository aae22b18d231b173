// What a service area is: one path of the service (`/api/create-message`, `/api/groups`, ...), the operations its
// POST carries, the order in which their selectors are tried, and its routes by other methods.
import type { Reply } from '../http/reply.js';
import type { OperationDoc, RouteDoc } from '../openapi/schemas.js';
import type { Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import type { Ctx } from './context.js';
import type { Selector } from './selectors.js';

export type Operation = (store: Store, fields: Fields, ctx: Ctx) => Reply | Promise<Reply>;

/** Where an operation is defined: a numbered section of the service's published reference, or the real service only. */
export type Provenance = { readonly section: number } | 'extension';

export const EXTENSION = 'extension' satisfies Provenance;

export function reference(section: number): Provenance {
  return { section };
}

export interface OperationEntry {
  provenance: Provenance;
  selector: Selector;
  run: Operation;
  doc: OperationDoc;
}

export interface RouteInput {
  store: Store;
  ctx: Ctx;
  path: string;
  /** What `match` found in the path (an id, a token). */
  param: string;
  /** The query and body fields, read on first call. */
  fields: () => Promise<Fields>;
}

/** A route by GET or PUT: a read, a change, or a page that an answer links to. */
export interface RouteEntry {
  name: string;
  method: 'GET' | 'PUT';
  /** The OpenAPI path template: each `{name}` is a path parameter. */
  template: string;
  provenance: Provenance;
  /** The parameter when a request path is this route's, else undefined. */
  match(path: string): string | undefined;
  run(input: RouteInput): Reply | Promise<Reply>;
  doc: RouteDoc;
}

export interface ServiceArea<Name extends string = string> {
  path: string;
  /** The POST operations by name: the reference's in the order of its sections, then the real service's. */
  operations: Readonly<Record<Name, OperationEntry>>;
  /** The order the selectors are tried in: the first that matches names the operation. */
  precedence: readonly Name[];
  routes: readonly RouteEntry[];
}

/** Declares an area, its names typed from its operations. */
export function defineArea<Name extends string>(area: ServiceArea<Name>): ServiceArea<Name> {
  return area;
}
