// The control API's 200 answers: `status` 200 and the route's fields.
import * as v from 'valibot';
import { answer, bool, int, str } from './base.js';
import {
  AccountView,
  ChatMessage,
  ChatSummary,
  FaultRule,
  GroupView,
  LoggedRequest,
  OutboxMessage,
  PendingSchedule,
  WebhookAttempt,
  WebhookDelivery,
} from './records.js';
import { LoadRun } from './load.js';

export const SetupAnswer = answer({ message: str, authkey: str, appkey: str, id: str, nome: str });
export const WebhookAddressAnswer = answer({ message: str, webhook: str });
export const GroupAnswer = answer({ message: str, grupo: str, convite: str });
export const TemplateAnswer = answer({ message: str, template_id: str });
export const OtpAnswer = answer({ message: str, code: str, expiraEm: str });
export const InboundAnswer = answer({ message: str, idMessagem: str });
export const ContactNameAnswer = answer({ message: str, contato: str, nome: str });
export const OutboxAnswer = answer({ mensagens: v.array(OutboxMessage) });

export const WebhooksAnswer = answer({
  /** How many of the device's deliveries are in each state. */
  contagem: v.object({ pending: int, delivered: int, failed: int }),
  entregas: v.array(WebhookDelivery),
});

export const FaultAddedAnswer = answer({ message: str, falha: FaultRule });
export const FaultsAnswer = answer({ falhas: v.array(FaultRule) });
export const RequestsAnswer = answer({ requisicoes: v.array(LoggedRequest) });
export const OptionsAnswer = answer({ requireConnected: bool });
export const OptionsChangedAnswer = answer({ message: str, requireConnected: bool });
export const DevicesAnswer = answer({ contas: v.array(AccountView) });

export const PairingAnswer = answer({
  dispositivo: str,
  conectado: bool,
  /** A fresh pairing QR (the content pairDevice's QR carries) as SVG, while not connected. */
  qr: v.nullable(v.object({ conteudo: str, svg: str })),
  codigo: v.nullable(str),
});

export const ChatsAnswer = answer({ conversas: v.array(ChatSummary) });

export const ChatAnswer = answer({
  chat: str,
  isGrupo: bool,
  grupo: v.nullable(GroupView),
  /** Oldest first; the newest `limit` before `before`. */
  mensagens: v.array(ChatMessage),
  /** The cursor of the page before this one, or null at the chat's first message. */
  anterior: v.nullable(str),
  agendados: v.array(PendingSchedule),
});

export const RedeliverAnswer = answer({ message: str, entrega: int });
export const AttemptsAnswer = answer({ tentativas: v.array(WebhookAttempt) });
export const ImportAnswer = answer({ message: str, linhas: int });
export const DisconnectedStreamsAnswer = answer({ message: str, streams: int });
export const LoadAnswer = answer({ carga: v.nullable(LoadRun) });

/** The OpenAPI document, the one answer without a `status`. */
export const OpenApiDocument = v.looseObject({ openapi: str, paths: v.looseObject({}) });
