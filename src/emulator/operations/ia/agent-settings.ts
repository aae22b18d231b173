// GET and PUT /api/v2/ia/{id}: reading and changing an AI agent's settings (real service only, docs/emulator.md).
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { BAD_AUTHKEY_AGENT, VALIDATION } from '../../rules/service-errors.js';
import { asFlag, asText, decodeJsonText, own, required, type Fields } from '../../rules/fields.js';
import { webhookAddress, normalizePhone } from '../../rules/recipients.js';
import type { AccountRow } from '../../store/accounts.js';
import type { Store } from '../../store/db.js';
import { formatDateTime } from '../../rules/zoned-time.js';
import { authenticate } from '../access.js';
import { deviceByReference } from '../access.js';

export const AGENT_NOT_FOUND = 'Agente não encontrado.';
export const WEEK_DAYS = ['seg', 'ter', 'qua', 'qui', 'sex', 'sab', 'dom'] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export interface AgentSettings {
  webhook: string;
  voice: 'm' | 'f';
  system: string;
  temperature: number;
  work_days: string[];
  time_pause: string;
  blacklist: string[];
  send_audio: boolean;
  receiver_audio: boolean;
  stop_bot: boolean;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  webhook: '',
  voice: 'f',
  system: '',
  temperature: 0.7,
  work_days: [...WEEK_DAYS],
  time_pause: '00:00:00',
  blacklist: [],
  send_audio: false,
  receiver_audio: false,
  stop_bot: false,
};

interface AgentRow {
  id: string;
  device_id: string;
  nome: string;
  settings: string;
  created_at: number;
  updated_at: number | null;
}

function invalidField(name: string): EmulatorError {
  return new EmulatorError(400, `Campo inválido: ${name}.`).because(`${name} has a value this setting does not take`);
}

/** A list given as JSON, JSON text, PHP `k[]=` or comma-separated text. */
function listOf(value: unknown): unknown[] | undefined {
  const decoded = decodeJsonText(value);
  if (Array.isArray(decoded)) return decoded as unknown[];
  if (typeof decoded !== 'string') return undefined;
  return decoded
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

type Reader = (value: unknown) => unknown;

const READERS: Readonly<Record<keyof AgentSettings, Reader>> = {
  webhook: (v) => (typeof v === 'string' && (v.trim() === '' || webhookAddress(v)) ? v.trim() : undefined),
  voice: (v) => (v === 'm' || v === 'f' ? v : undefined),
  system: (v) => (typeof v === 'string' ? v : undefined),
  temperature: (v) => {
    const n = Number(asText(v));
    return asText(v)?.trim() && Number.isFinite(n) && n >= 0 && n <= 2 ? n : undefined;
  },
  work_days: (v) => {
    const days = listOf(v)?.map((d) => String(d).trim().toLowerCase());
    return days?.every((d) => (WEEK_DAYS as readonly string[]).includes(d)) ? [...new Set(days)] : undefined;
  },
  time_pause: (v) => (typeof v === 'string' && TIME.test(v.trim()) ? v.trim() : undefined),
  blacklist: (v) => {
    const numbers = listOf(v)?.map((n) =>
      typeof n === 'string' || typeof n === 'number' ? normalizePhone(String(n)) : undefined,
    );
    return numbers?.every((n) => n !== undefined) ? [...new Set(numbers)] : undefined;
  },
  send_audio: asFlag,
  receiver_audio: asFlag,
  stop_bot: asFlag,
};

/** The settings given in the request (each checked), over the current ones. */
export function readAgentSettings(fields: Fields, current: AgentSettings): AgentSettings {
  const next: Record<string, unknown> = { ...current };
  for (const [name, read] of Object.entries(READERS)) {
    const raw = own(fields, name);
    if (raw === undefined || raw === null) continue;
    const value = read(raw);
    if (value === undefined) throw invalidField(name);
    next[name] = value;
  }
  return next as unknown as AgentSettings;
}

function view(row: AgentRow, ctx: Ctx): Record<string, unknown> {
  const settings = { ...DEFAULT_AGENT_SETTINGS, ...(JSON.parse(row.settings) as Partial<AgentSettings>) };
  return {
    id: row.id,
    agent_name: row.nome,
    device_id: row.device_id,
    ...settings,
    created_at: formatDateTime(row.created_at, ctx.tz),
    updated_at: formatDateTime(row.updated_at ?? row.created_at, ctx.tz),
  };
}

function accountOf(store: Store, fields: Fields, ctx: Ctx): AccountRow {
  const authkey = required(fields, 'authkey');
  if (!authkey) throw new EmulatorError(400, VALIDATION).because('authkey is missing');
  return authenticate(store, authkey, ctx, BAD_AUTHKEY_AGENT);
}

function agentOrThrow(store: Store, account: AccountRow, id: string): AgentRow {
  const row = store.sql('SELECT * FROM agents WHERE id = ? AND account_id = ?').get(id, account.id) as
    AgentRow | undefined;
  if (!row) throw new EmulatorError(404, AGENT_NOT_FOUND).because('the id names no agent of this account');
  return row;
}

/** GET /api/v2/ia: the account's agents, oldest first. */
export function listAgents(store: Store, fields: Fields, ctx: Ctx): Reply {
  const account = accountOf(store, fields, ctx);
  const rows = store.sql('SELECT * FROM agents WHERE account_id = ? ORDER BY rowid').all(account.id) as AgentRow[];
  return { status: 200, data: rows.map((row) => view(row, ctx)) };
}

/** GET /api/v2/ia/{id}: one agent of the account. */
export function getAgent(store: Store, fields: Fields, ctx: Ctx, id: string): Reply {
  const account = accountOf(store, fields, ctx);
  return { status: 200, data: view(agentOrThrow(store, account, id), ctx) };
}

/** PUT /api/v2/ia/{id}: `agent_name` required, any of the settings (and `device_id`) changed. */
export function updateAgent(store: Store, fields: Fields, ctx: Ctx, id: string): Reply {
  const agentName = required(fields, 'agent_name');
  if (!agentName) throw new EmulatorError(400, VALIDATION).because('agent_name is missing');
  const account = accountOf(store, fields, ctx);
  const row = agentOrThrow(store, account, id);
  const settings = readAgentSettings(fields, {
    ...DEFAULT_AGENT_SETTINGS,
    ...(JSON.parse(row.settings) as Partial<AgentSettings>),
  });
  const deviceRef = required(fields, 'device_id') ?? required(fields, 'device');
  const deviceId = deviceRef === undefined ? row.device_id : deviceByReference(store, account, deviceRef).id;
  const now = ctx.now();
  store.tx(() =>
    store
      .sql('UPDATE agents SET nome = ?, device_id = ?, settings = ?, updated_at = ? WHERE id = ?')
      .run(agentName, deviceId, JSON.stringify(settings), now, id),
  );
  const updated = { ...row, nome: agentName, device_id: deviceId, settings: JSON.stringify(settings), updated_at: now };
  return { status: 200, message: 'Agente de IA atualizado com sucesso', data: view(updated, ctx) };
}
