// Shapes the control client returns: what the control API answers, typed for the user's tests.
import type { LoggedRequest } from '../instruments/request-log.js';

export type { LoggedRequest };

/** An account with one paired device, made by `control.setup()`. */
export interface TestDevice {
  authkey: string;
  appkey: string;
  /** The device id (`dev_...`). */
  id: string;
  /** The device name (equal to the appkey, which setup chooses). */
  name: string;
}

export interface SetupOptions {
  /** Webhook URL of the device; events are POSTed there. */
  webhook?: string;
  /** The device's phone number, international format. */
  phone?: string;
  /** Leave the device paired but not connected; default: connected. */
  connected?: boolean;
  /** The appkey (and device name) to use; default: a random one. */
  appkey?: string;
}

export interface OutboxMessage {
  id: string;
  to: string;
  kind: string;
  content: Record<string, unknown>;
  timestamp: string;
  agendamento_id?: string;
}

export interface WebhookDelivery {
  id: number;
  estado: 'pending' | 'delivered' | 'failed';
  tentativas: number;
  evento: Record<string, unknown>;
  ultimoErro: string | null;
  url: string;
}

export type InboundEvent = 'text' | 'button' | 'poll_vote' | 'reaction' | 'location';

export interface GroupCreated {
  grupo: string;
  convite: string;
}

export interface OtpIssued {
  code: string;
  expiraEm: string;
}

export type NamedError =
  'internal' | 'unavailable' | 'license' | 'rate-limit' | 'not-connected' | 'no-device' | 'bad-authkey' | 'validation';

/** A fault rule: what it matches (all given fields must match) and what it does. */
export interface FaultRuleInput {
  path?: string;
  operation?: string;
  appkey?: string;
  to?: string;
  error?: NamedError;
  status?: number;
  message?: string;
  http200?: boolean;
  delayMs?: number;
  drop?: boolean;
  times?: number;
}

export interface FaultRule {
  id: string;
  match: { path?: string; operation?: string; appkey?: string; to?: string };
  status?: number;
  message?: string;
  http200?: boolean;
  delayMs?: number;
  drop?: boolean;
  remaining?: number;
  hits: number;
}

export interface RequestFilter {
  appkey?: string;
  path?: string;
  status?: number;
  since?: Date | string;
  after?: number;
}

export interface ClockState {
  /** The emulator's current time. */
  now: Date;
  /** Whether the clock was moved away from real time. */
  moved: boolean;
}
