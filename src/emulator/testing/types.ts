// Shapes the control client takes and returns: the control API's own (control/types.ts), and the client's views.
import type { ChatAnswer, GroupAnswer, OtpAnswer, PairingAnswer, RequestsQuery } from '../control/types.js';

export type {
  AccountView,
  ChatMessage,
  ChatSummary,
  DeviceView,
  LiveEvent,
  LiveEventData,
  LiveEventType,
  MessageWarning,
  PendingSchedule,
  StateDocument,
  WebhookAttempt,
  FaultRule,
  FaultRuleInput,
  InboundEvent,
  LoggedRequest,
  NamedError,
  OutboxMessage,
  WebhookDelivery,
} from '../control/types.js';

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

export type GroupCreated = Pick<GroupAnswer, 'grupo' | 'convite'>;

export type OtpIssued = Pick<OtpAnswer, 'code' | 'expiraEm'>;

/** The request log's filter; `since` may also be a Date. */
export type RequestFilter = Omit<RequestsQuery, 'since'> & { since?: Date | string };

export interface ClockState {
  /** The emulator's current time. */
  now: Date;
  /** Whether the clock was moved away from real time. */
  moved: boolean;
}

/** A page of a chat: its messages (oldest first), the cursor of the page before, its pending schedules, its group. */
export type ChatPage = Omit<ChatAnswer, 'status'>;

/** A device's pairing QR and code (both null once it is connected). */
export type Pairing = Omit<PairingAnswer, 'status'>;
