// OpenAPI entries of /api/v2/ia: creating an AI agent (POST), reading and changing agents (GET, PUT /api/v2/ia/{id}).
import { body, fields, ok, ref, str, type OperationDoc, type RouteDoc, type Schema } from '../../openapi/schemas.js';

const { flag } = fields;
const authkey = body({ authkey: str }, ['authkey']);
const list: Schema = {
  type: ['array', 'string'],
  description: 'JSON array, JSON text, `k[]=` fields or comma-separated text',
};

export const IA_OPERATIONS = {
  createAgent: {
    summary: 'Create an AI agent on a device',
    request: body({ authkey: str, agent_name: str, device: str }, ['authkey', 'agent_name', 'device']),
    response: ok({ message: str, agent_id: str }),
  },
} satisfies Record<string, OperationDoc>;

export const IA_ROUTES = {
  listAgents: {
    summary: "The account's AI agents, oldest first",
    query: authkey,
    response: ok({ data: { type: 'array', items: ref('Agent') } }),
  },
  getAgent: {
    summary: 'One AI agent of the account',
    query: authkey,
    response: ok({ data: ref('Agent') }),
  },
  updateAgent: {
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
} satisfies Record<string, RouteDoc>;
