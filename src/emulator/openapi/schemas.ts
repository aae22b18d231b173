// JSON Schemas (2020-12, as OpenAPI 3.1 uses them) shared by the service's and the control API's answers.

import { MessageAnswer } from '../control/schema/base.js';
import { jsonSchemaOf, type Schema } from './convert.js';

export type { Schema };

/** A POST operation in the document: its request fields and its 200 answer. */
export interface OperationDoc {
  summary: string;
  request: Schema;
  response: Schema;
}

/** A GET or PUT route in the document. */
export interface RouteDoc {
  summary: string;
  /** Query parameters. */
  query?: Schema;
  /** Body fields (JSON, form or multipart; they may also come in the query string). */
  request?: Schema;
  response: Schema;
  /** The 200 answer's content type when it is not JSON (a page). */
  page?: string;
}

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
/** `YYYY-MM-DD HH:MM:SS` in the emulator's zone. */
export const dateTime: Schema = { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$' };
const flag: Schema = {
  type: ['boolean', 'string', 'integer'],
  description: 'true/false, "true"/"false", "1"/"0", ...',
};

/** An object with these properties, all required unless listed in `optional`; other properties are allowed. */
export function object(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) };
}

/** A 200 answer: `status` 200 plus these fields. */
export function ok(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return object({ status: { const: 200 }, ...properties }, optional);
}

/** A request body: these fields (strings unless said), `required` of them required. */
export function body(properties: Record<string, Schema>, required: readonly string[]): Schema {
  return { type: 'object', properties, required: [...required] };
}

export const fields = { flag, str, keys: { appkey: str, authkey: str } };

/** The answer of most control routes and of several operations. */
export const MESSAGE = jsonSchemaOf(MessageAnswer);

export const SHARED_SCHEMAS: Record<string, Schema> = {
  Error: {
    ...object({ status: { type: 'integer', minimum: 400, maximum: 599 }, message: str }),
    description: 'Every error: the HTTP status line equals `status`; `message` is the Portuguese text of the error.',
  },
  Sent: ok({
    message: str,
    id: { ...str, description: 'the message id, as `data.idMensagem` (the real service: clients read `id`)' },
    data: object({ idMensagem: str, dataEnvio: dateTime }),
  }),
  Message: MESSAGE,
  Account: object({ nome: str, email: str, telefone: str, authkey: str, expiracao: str, plano: str }),
  AccountDados: {
    allOf: [
      ref('Account'),
      object({ will_expire: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\d$' }, plan_id: str }),
    ],
    description: '`Account` plus `will_expire` (= `expiracao`) and `plan_id` (= `plano`), as the real service answers.',
  },
  Agent: object({
    id: str,
    agent_name: str,
    device_id: str,
    webhook: str,
    voice: { enum: ['m', 'f'] },
    system: str,
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    work_days: { type: 'array', items: { enum: ['seg', 'ter', 'qua', 'qui', 'sex', 'sab', 'dom'] }, uniqueItems: true },
    time_pause: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' },
    blacklist: { type: 'array', items: { type: 'string', pattern: '^\\d+$' }, uniqueItems: true },
    send_audio: bool,
    receiver_audio: bool,
    stop_bot: bool,
    created_at: dateTime,
    updated_at: dateTime,
  }),
  Device: object({ id: str, nome: str, telefone: str, webhook: str }),
};
