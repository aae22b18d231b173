// The live service's routes that are not a POST operation: agent GET/PUT and the pages its links point to.
import { body, fields, ok, ref, str, type Schema } from './schemas.js';

export interface RouteDoc {
  /** The route's name in the document (its operationId). */
  name: string;
  seed: 'extension';
  method: 'get' | 'put';
  /** An OpenAPI path template: each `{name}` is a path parameter. */
  path: string;
  summary: string;
  /** Query parameters. */
  query?: Schema;
  /** Body fields (JSON, form or multipart; they may also come in the query string). */
  request?: Schema;
  response: Schema;
  /** The 200 answer's content type when it is not JSON (a page). */
  page?: string;
}

const { flag } = fields;
const authkey = body({ authkey: str }, ['authkey']);
const list: Schema = {
  type: ['array', 'string'],
  description: 'JSON array, JSON text, `k[]=` fields or comma-separated text',
};

export const EXTENSION_ROUTES: readonly RouteDoc[] = [
  {
    name: 'listAgents',
    seed: 'extension',
    method: 'get',
    path: '/api/v2/ia',
    summary: "The account's AI agents, oldest first",
    query: authkey,
    response: ok({ data: { type: 'array', items: ref('Agent') } }),
  },
  {
    name: 'getAgent',
    seed: 'extension',
    method: 'get',
    path: '/api/v2/ia/{id}',
    summary: 'One AI agent of the account',
    query: authkey,
    response: ok({ data: ref('Agent') }),
  },
  {
    name: 'updateAgent',
    seed: 'extension',
    method: 'put',
    path: '/api/v2/ia/{id}',
    summary: "Change an AI agent's name, device and settings",
    request: body(
      {
        authkey: str,
        agent_name: str,
        device_id: { ...str, description: 'A device of the account (id, appkey or name)' },
        webhook: { ...str, description: 'An http(s) URL, or empty' },
        voice: { enum: ['m', 'f'] },
        system: str,
        temperature: { type: ['number', 'string'], description: '0–2' },
        work_days: { ...list, description: `Of seg ter qua qui sex sab dom; ${list.description as string}` },
        time_pause: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' },
        blacklist: { ...list, description: `Phone numbers; ${list.description as string}` },
        send_audio: flag,
        receiver_audio: flag,
        stop_bot: flag,
      },
      ['authkey', 'agent_name'],
    ),
    response: ok({ message: str, data: ref('Agent') }),
  },
  {
    name: 'pairingPage',
    seed: 'extension',
    method: 'get',
    path: '/conectar/{token}',
    summary: "The page of a `GerenciarLinks` link: the device's current QR, or that it is connected",
    page: 'text/html; charset=utf-8',
    response: { type: 'string' },
  },
  {
    name: 'pictureImage',
    seed: 'extension',
    method: 'get',
    path: '/foto/{chat}.svg',
    summary: 'The placeholder profile picture `obterImagem` points to',
    page: 'image/svg+xml',
    response: { type: 'string' },
  },
];
