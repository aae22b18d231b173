// The operation table: every service area in the order of the service's paths, each operation by name with where it
// is defined (provenance), what selects it and what runs it, and the routes by other methods.
import type { Fields } from '../rules/fields.js';
import type { Operation, Provenance, RouteEntry, ServiceArea } from './area.js';
import { AUTH } from './auth/index.js';
import { CREATE_MESSAGE } from './create-message/index.js';
import { DEVELOPER } from './developer/index.js';
import { GROUPS } from './groups/index.js';
import { IA } from './ia/index.js';
import { QRCODE } from './qrcode/index.js';
import { SETTINGS } from './settings/index.js';

type NameOf<Area> = Area extends ServiceArea<infer Name> ? Name : never;

const AREA_LIST = [IA, AUTH, QRCODE, CREATE_MESSAGE, GROUPS, SETTINGS, DEVELOPER] as const;

export type OperationName = NameOf<(typeof AREA_LIST)[number]>;

export const AREAS: readonly ServiceArea[] = AREA_LIST;

const byPath = new Map(AREAS.map((area) => [area.path, area]));

/** Every operation's function by name. */
export const OPERATIONS = Object.fromEntries(
  AREAS.flatMap((area) => Object.entries(area.operations).map(([name, entry]) => [name, entry.run])),
) as Readonly<Record<OperationName, Operation>>;

/** Every operation's provenance by name. */
export const PROVENANCE = Object.fromEntries(
  AREAS.flatMap((area) => Object.entries(area.operations).map(([name, entry]) => [name, entry.provenance])),
) as Readonly<Record<OperationName, Provenance>>;

/** Every operation name, path by path in the order their selectors are tried. */
export const OPERATION_NAMES: readonly string[] = AREAS.flatMap((area) => area.precedence);

export const SERVICE_PATHS: readonly string[] = AREAS.map((area) => area.path);

export function isServicePath(path: string): boolean {
  return byPath.has(path);
}

/** The operation a service request asks for; undefined when the path is shared and no selector matches. */
export function selectOperation(path: string, fields: Fields): OperationName | undefined {
  const area = byPath.get(path);
  return area?.precedence.find((name) => area.operations[name]?.selector.matches(fields)) as OperationName | undefined;
}

export const ROUTES: readonly RouteEntry[] = AREAS.flatMap((area) => area.routes);
