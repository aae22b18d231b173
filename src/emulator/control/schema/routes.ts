// Every control route by path and method: what it does, the fields it reads (query string or body) and its 200
// answer. The one statement of the control API: control/types.ts infers the types from it, control/checks.ts checks
// each request against it, and openapi/control.ts writes the document from it. Read-only routes also answer POST, for
// clients that can only POST.
import type * as v from 'valibot';
import * as A from './answers.js';
import { described, MessageAnswer, str } from './base.js';
import { LoadRun } from './load.js';
import { ClockAnswer, StateAnswer, StateDocument } from './records.js';
import * as R from './requests.js';

/** One method of a control route. */
export interface RouteSpec {
  summary: string;
  /** The fields it reads (GET: query parameters; POST: body fields); absent: none. */
  request?: v.GenericSchema;
  answer: v.GenericSchema;
  /** The 200 answer's content type when it is not JSON (the event stream). */
  contentType?: string;
}

const EVENT_LINES = described(str, '`id:`, `event:` and `data:` (JSON) lines per event');

export const CONTROL_API = {
  '/__emulator/health': { GET: { summary: 'Answers when the base URL is the emulator', answer: MessageAnswer } },
  '/__emulator/setup': {
    POST: {
      summary: 'An account with this authkey and a connected device with this appkey, made or re-used',
      request: R.SetupRequest,
      answer: A.SetupAnswer,
    },
  },
  '/__emulator/connect': {
    POST: { summary: "The device's phone completes pairing", request: R.ConnectRequest, answer: MessageAnswer },
  },
  '/__emulator/disconnect': {
    POST: { summary: "The device's phone disconnects", request: R.DisconnectRequest, answer: MessageAnswer },
  },
  '/__emulator/devices/webhook': {
    POST: {
      summary: 'A device\'s webhook address changes; it stays connected (`""`: no webhook)',
      request: R.WebhookAddressRequest,
      answer: A.WebhookAddressAnswer,
    },
  },
  '/__emulator/groups': {
    POST: { summary: 'A group the device is in', request: R.CreateGroupRequest, answer: A.GroupAnswer },
  },
  '/__emulator/templates': {
    POST: { summary: 'A template of the account', request: R.CreateTemplateRequest, answer: A.TemplateAnswer },
  },
  '/__emulator/otp': {
    POST: { summary: 'An OTP code the device sent to a number', request: R.IssueOtpRequest, answer: A.OtpAnswer },
  },
  '/__emulator/inbound': {
    POST: {
      summary: 'A contact writes, sends a file, clicks, votes, reacts or shares a location',
      request: R.InboundRequest,
      answer: A.InboundAnswer,
    },
  },
  '/__emulator/contacts/name': {
    POST: {
      summary: 'The name a contact goes by: its events carry it as `nome` when the inbound call gives none',
      request: R.ContactNameRequest,
      answer: A.ContactNameAnswer,
    },
  },
  '/__emulator/outbox': {
    GET: {
      summary: 'Every message that went out for a device (`after`: only those after the message of that id)',
      request: R.OutboxQuery,
      answer: A.OutboxAnswer,
    },
  },
  '/__emulator/webhooks': {
    GET: { summary: "The device's webhook deliveries", request: R.WebhooksQuery, answer: A.WebhooksAnswer },
  },
  '/__emulator/reset': {
    POST: { summary: 'Erase all state, fault rules and the request log; real time again', answer: MessageAnswer },
  },
  '/__emulator/faults': {
    POST: { summary: 'Add a fault rule', request: R.FaultRuleInput, answer: A.FaultAddedAnswer },
    GET: { summary: 'The fault rules', answer: A.FaultsAnswer },
  },
  '/__emulator/faults/remove': {
    POST: { summary: 'Remove a fault rule', request: R.RemoveFaultRequest, answer: MessageAnswer },
  },
  '/__emulator/faults/clear': { POST: { summary: 'Remove every fault rule', answer: MessageAnswer } },
  '/__emulator/clock': { GET: { summary: "The emulator's time", answer: ClockAnswer } },
  '/__emulator/clock/set': {
    POST: { summary: 'Put the clock at an instant', request: R.SetClockRequest, answer: ClockAnswer },
  },
  '/__emulator/clock/advance': {
    POST: { summary: 'Move the clock forward', request: R.AdvanceClockRequest, answer: ClockAnswer },
  },
  '/__emulator/clock/reset': { POST: { summary: 'Back to real time', answer: ClockAnswer } },
  '/__emulator/requests': {
    GET: {
      summary: 'Service requests received, accepted or rejected',
      request: R.RequestsQuery,
      answer: A.RequestsAnswer,
    },
  },
  '/__emulator/options': {
    GET: { summary: "The emulator's switchable options", answer: A.OptionsAnswer },
    POST: {
      summary: 'Switch options (`requireConnected`)',
      request: R.OptionsRequest,
      answer: A.OptionsChangedAnswer,
    },
  },
  '/__emulator/openapi.json': { GET: { summary: 'This document', answer: A.OpenApiDocument } },
  '/__emulator/devices': { GET: { summary: 'Every account with its devices', answer: A.DevicesAnswer } },
  '/__emulator/pairing': {
    GET: {
      summary: "A device's pairing QR (SVG) and 8-digit code while it is not connected",
      request: R.AppkeyQuery,
      answer: A.PairingAnswer,
    },
  },
  '/__emulator/chats': {
    GET: { summary: "A device's chats, the most recent first", request: R.ChatsQuery, answer: A.ChatsAnswer },
  },
  '/__emulator/chat': {
    GET: {
      summary: "A chat's messages both ways, a page at a time, and its pending schedules",
      request: R.ChatQuery,
      answer: A.ChatAnswer,
    },
  },
  '/__emulator/webhooks/attempts': {
    GET: {
      summary: "Every attempt of a device's webhook deliveries",
      request: R.AttemptsQuery,
      answer: A.AttemptsAnswer,
    },
  },
  '/__emulator/webhooks/redeliver': {
    POST: {
      summary: 'Queue a delivered or failed event again (or an edited one), as a new delivery',
      request: R.RedeliverRequest,
      answer: A.RedeliverAnswer,
    },
  },
  '/__emulator/state': {
    GET: { summary: "The emulator's whole state as one document", answer: StateAnswer },
    POST: {
      summary: 'Replace the whole state with an exported document',
      request: StateDocument,
      answer: A.ImportAnswer,
    },
  },
  '/__emulator/events': {
    GET: {
      summary:
        'Live events (Server-Sent Events): a snapshot at the stream position, then each change; resume with Last-Event-ID',
      request: R.EventsQuery,
      answer: EVENT_LINES,
      contentType: 'text/event-stream',
    },
  },
  '/__emulator/events/disconnect': {
    POST: {
      summary: 'End every event stream (their followers reconnect and resume)',
      answer: A.DisconnectedStreamsAnswer,
    },
  },
  '/__emulator/load': {
    GET: {
      summary:
        'The latest `chatbot test --load` run: its figures so far, or its end summary (null: none since a reset)',
      answer: A.LoadAnswer,
    },
    POST: {
      summary:
        "A load run's figures, posted by its runner each tick and at its end; the console shows them live (`load` events)",
      request: LoadRun,
      answer: MessageAnswer,
    },
  },
} as const satisfies Record<string, { readonly GET?: RouteSpec; readonly POST?: RouteSpec }>;

export type ControlApi = typeof CONTROL_API;
