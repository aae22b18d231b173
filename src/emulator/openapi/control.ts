// The control API (/__emulator/*) in the document: one entry per route and method, converted from the route table
// that states the control API once (control/schema/routes.ts), the records that are components referred to by name.
import { MessageAnswer } from '../control/schema/base.js';
import { LoadRun } from '../control/schema/load.js';
import {
  AccountView,
  ChatMessage,
  ClockAnswer,
  FaultRule,
  LoggedRequest,
  PendingSchedule,
  WebhookAttempt,
} from '../control/schema/records.js';
import { CONTROL_API, type RouteSpec } from '../control/schema/routes.js';
import { componentSchemas, jsonSchemaOf, type Components } from './convert.js';
import type { Schema } from './schemas.js';

export interface ControlDoc {
  path: string;
  method: 'get' | 'post';
  summary: string;
  /** Query parameters (GET) or body fields (POST). */
  request?: Schema;
  response: Schema;
  /** The 200 answer's content type when it is not JSON (the event stream). */
  contentType?: string;
}

/** The control API's records written once under `components.schemas`, by name. */
const COMPONENTS: Components = {
  FaultRule,
  LoggedRequest,
  Clock: ClockAnswer,
  AccountWithDevices: AccountView,
  ChatMessage,
  PendingSchedule,
  WebhookAttempt,
  LoadRun,
};

/** The control API's records, as component schemas. */
export function controlSchemas(): Record<string, Schema> {
  return componentSchemas(COMPONENTS);
}

/** Most routes' answer is the shared `Message` component. */
const REFERRED: Components = { ...COMPONENTS, Message: MessageAnswer };

function docOf(path: string, method: string, spec: RouteSpec): ControlDoc {
  return {
    path,
    method: method.toLowerCase() as ControlDoc['method'],
    summary: spec.summary,
    ...(spec.request ? { request: jsonSchemaOf(spec.request, REFERRED) } : {}),
    response: jsonSchemaOf(spec.answer, REFERRED),
    ...(spec.contentType ? { contentType: spec.contentType } : {}),
  };
}

/** The routes in the document's order. */
export function controlRoutes(): ControlDoc[] {
  return Object.entries(CONTROL_API).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, RouteSpec>).map(([method, spec]) => docOf(path, method, spec)),
  );
}
