// Shapes of the service's bodies, as the seed names them.
import type { ServiceBody } from './request.js';

export interface Account {
  nome: string;
  email: string;
  telefone: string;
  authkey: string;
  expiracao: string;
  plano: string;
}

export interface Device {
  id: string;
  nome: string;
  telefone: string;
  webhook: string;
  authkey?: string;
  conectado?: boolean;
}

export interface Group {
  id: string;
  titulo: string;
  descricao: string;
  participantes?: { id: string; admin: boolean }[];
}

export interface CardButton {
  type: 'quickReplyButton' | 'urlButton' | 'callButton';
  displaytext: string;
  id?: string;
  action?: string;
}

export interface Card {
  image_url: string;
  title: string;
  subtitle?: string;
  description?: string;
  buttons: CardButton[];
}

export interface MessageButton {
  type: 'replyButton' | 'urlButton' | 'callButton';
  displaytext: string;
  action?: string;
}

export type RegisterResponse = ServiceBody & { data: Account };
export type PairResponse = ServiceBody & { appkey: string; qrcode?: string; code?: string };
export type DeviceListResponse = ServiceBody & { dispositivos: Device[] };
export type DeviceCheckResponse = ServiceBody & { dispositivo: Device };
export type AgentResponse = ServiceBody & { agent_id: string };
export type StoryResponse = ServiceBody & { data: { id: string } };
export type PollResponse = ServiceBody & { data: { idMensagem: string; dataEnvio: string } };
export type ScheduleResponse = ServiceBody & { agendamento_id: string; id?: string };
export type LoginResponse = ServiceBody & {
  data?: Account;
  dados?: { authkey?: string; will_expire?: string; plan_id?: string };
};
export type CreateAppResponse = ServiceBody & { appkey: string };
export type PairingLinkResponse = ServiceBody & { link?: string };
export type PictureResponse = ServiceBody & { imagem: string };
export type NumberCheckResponse = ServiceBody & { message: { exists?: boolean; jid: string | null } };
export type AgentSettingsResponse = ServiceBody & { data: Record<string, unknown> | Record<string, unknown>[] };
export type OtpResponse = ServiceBody & { valid: boolean };
export type GroupInfoResponse = ServiceBody & { grupo: Group };
export type GroupInviteResponse = ServiceBody & { convite: string };
export type UserStatusResponse = ServiceBody & { userStatus: string };
