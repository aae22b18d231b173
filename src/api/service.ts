// The service client: one typed method per operation, first those of the service's published reference (the seed),
// then those only the real service has (docs/emulator.md, "Extensions"). Each builds exactly the body the service
// expects and checks its answer (answers.ts) before a command reads it.
import type { Requester, RequestOptions, ServiceBody } from './request.js';
import { ApiError } from '../errors.js';
import { explainServiceError } from './explain.js';
import {
  AGENT,
  AGENT_LIST,
  AGENT_SETTINGS,
  AGENT_UPDATED,
  APP_CREATED,
  QR_ISSUED,
  NUMBER_CHECK,
  PICTURE,
  checkAnswer,
  DEVICE_CHECK,
  DEVICE_LIST,
  GROUP_INFO,
  GROUP_INVITE,
  OTP,
  PAIRED,
  PLAIN,
  POLL,
  REGISTERED,
  SCHEDULED,
  STORY,
  USER_STATUS,
  type AnswerShape,
} from './answers.js';
import type {
  AgentResponse,
  AgentSettingsResponse,
  Card,
  CreateAppResponse,
  LoginResponse,
  NumberCheckResponse,
  PairingLinkResponse,
  PictureResponse,
  DeviceCheckResponse,
  DeviceListResponse,
  GroupInfoResponse,
  GroupInviteResponse,
  MessageButton,
  OtpResponse,
  PairResponse,
  PollResponse,
  RegisterResponse,
  ScheduleResponse,
  StoryResponse,
  UserStatusResponse,
} from './types.js';

/** Keys of a messaging call: the account's authkey and the device's appkey. */
export interface DeviceKeys {
  authkey: string;
  appkey: string;
}

const MESSAGE = '/api/create-message';
const GROUPS = '/api/groups';
const SETTINGS = '/api/settings';
const DEVICES = '/api/developer';

function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** The service's operations, bound to one request function. */
export class ServiceApi {
  constructor(
    private readonly request: Requester,
    /** What the caller adds to a service error once it is explained (the emulator's next step). */
    private readonly nextStep: (error: ApiError) => Promise<ApiError> = (error) => Promise.resolve(error),
  ) {}

  /** A send or change: never retried; the answer must have `shape` (the type T promises what the shape checks). */
  private async send<T extends ServiceBody>(
    path: string,
    body: Record<string, unknown>,
    shape: AnswerShape = PLAIN,
  ): Promise<T> {
    return checkAnswer(shape, await this.explained(path, defined(body), { retry: false })) as T;
  }

  /** A read: retried on network errors within the command's deadline; the answer must have `shape`. */
  private async read<T extends ServiceBody>(
    path: string,
    body: Record<string, unknown>,
    shape: AnswerShape,
  ): Promise<T> {
    return checkAnswer(shape, await this.explained(path, defined(body), { retry: true })) as T;
  }

  /**
   * The request; a service error comes back with its English gloss and next step (src/api/explain.ts), read against
   * `sent`, the fields the request carries (its body, or its query for a GET).
   */
  private async explained(
    path: string,
    body: Record<string, unknown> | undefined,
    options: RequestOptions,
    sent: Record<string, unknown> = body ?? {},
  ): Promise<ServiceBody> {
    try {
      return await this.request(path, body, options);
    } catch (error) {
      throw error instanceof ApiError ? await this.nextStep(explainServiceError(error, sent)) : error;
    }
  }

  // Operations of the service's published reference (the seed), named as the emulator and docs/operations.md name
  // them.

  createAgent(authkey: string, input: { device: string; agentName: string }): Promise<AgentResponse> {
    return this.send('/api/v2/ia', { authkey, device: input.device, agent_name: input.agentName }, AGENT);
  }
  register(input: {
    email: string;
    password: string;
    name: string;
    phone: string;
    plan: string;
  }): Promise<RegisterResponse> {
    return this.send(
      '/api/auth',
      {
        email: input.email,
        senha: input.password,
        nome: input.name,
        telefone: input.phone,
        plano: input.plan,
        auth: 'registrar',
      },
      REGISTERED,
    );
  }
  pairDevice(authkey: string, input: { appkeyName?: string; phone?: string; webhook?: string }): Promise<PairResponse> {
    return this.send(
      '/api/v2/qrcode',
      { authkey, setAppkey: input.appkeyName, phone: input.phone, webhook: input.webhook },
      PAIRED,
    );
  }
  postStory(
    keys: DeviceKeys,
    input: { message?: string; file?: string; backgroundColor?: string },
  ): Promise<StoryResponse> {
    return this.send(MESSAGE, { ...keys, story: 'true', ...input }, STORY);
  }
  sendCarousel(
    keys: DeviceKeys,
    input: { to: string; message: string; cards: Card[]; footer?: string },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      message: input.message,
      footer_text: input.footer,
      cards: input.cards,
    });
  }
  sendButtons(
    keys: DeviceKeys,
    input: { to: string; message: string; buttons: MessageButton[]; header?: string; footer?: string },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      message: input.message,
      header_title: input.header,
      footer_text: input.footer,
      buttons: input.buttons,
    });
  }

  /** Coordinates travel as decimal strings. */
  sendLocation(
    keys: DeviceKeys,
    input: { to: string; latitude: string; longitude: string; message?: string },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      message: input.message,
      longitude: input.longitude,
      latitude: input.latitude,
    });
  }
  sendPoll(
    keys: DeviceKeys,
    input: { to: string; question: string; options: string[]; multiple?: boolean },
  ): Promise<PollResponse> {
    return this.send(
      MESSAGE,
      {
        ...keys,
        to: input.to,
        message: input.question,
        opcoes: input.options,
        multiplaEscolha: input.multiple,
      },
      POLL,
    );
  }

  /** `reaction` is an emoji, or `remove`. */
  sendReaction(keys: DeviceKeys, input: { to: string; messageId: string; reaction: string }): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      message: input.reaction,
      id: input.messageId,
      reactionMessage: 'true',
    });
  }
  sendTemplate(
    keys: DeviceKeys,
    input: { to: string; templateId: string; variables: Record<string, string> },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, { ...keys, to: input.to, template_id: input.templateId, variables: input.variables });
  }

  /** Several recipients travel as a JSON-encoded array. */
  scheduleMessage(
    keys: DeviceKeys,
    input: { to: string[]; at: string; message: string; file?: string; fileName?: string },
  ): Promise<ScheduleResponse> {
    const to = input.to.length === 1 ? input.to[0] : JSON.stringify(input.to);
    return this.send(
      MESSAGE,
      {
        ...keys,
        to,
        agendamento: input.at,
        message: input.message,
        file: input.file,
        nomearquivo: input.fileName,
      },
      SCHEDULED,
    );
  }
  sendText(keys: DeviceKeys, input: { to: string; message: string }): Promise<ServiceBody> {
    return this.send(MESSAGE, { ...keys, to: input.to, message: input.message });
  }

  /** `message` false means no new OTP is sent. */
  verifyOtp(keys: DeviceKeys, input: { to: string; code: string }): Promise<OtpResponse> {
    return this.send(MESSAGE, { ...keys, to: input.to, message: 'false', verificarOTP: input.code }, OTP);
  }
  groupInfo(keys: DeviceKeys, groupOrInvite: string): Promise<GroupInfoResponse> {
    return this.read(GROUPS, { ...keys, message: 'false', infoConvite: groupOrInvite }, GROUP_INFO);
  }
  renameGroup(keys: DeviceKeys, input: { groupId: string; title: string }): Promise<ServiceBody> {
    return this.send(GROUPS, { ...keys, message: input.title, to: input.groupId, tituloGrupo: 'true' });
  }
  groupInvite(keys: DeviceKeys, groupId: string): Promise<GroupInviteResponse> {
    return this.read(GROUPS, { ...keys, message: 'false', obterConvite: groupId }, GROUP_INVITE);
  }
  userStatus(keys: DeviceKeys, phone: string): Promise<UserStatusResponse> {
    return this.read(SETTINGS, { ...keys, to: phone, message: 'false', obterStatus: 'true' }, USER_STATUS);
  }
  renameDevice(keys: DeviceKeys, name: string): Promise<ServiceBody> {
    return this.send(SETTINGS, { ...keys, message: name, altereNome: 'true' });
  }
  switchWebhook(
    keys: DeviceKeys,
    input: { type: 'chat' | 'grupo'; deviceId: string; enabled: boolean },
  ): Promise<ServiceBody> {
    return this.send(SETTINGS, {
      ...keys,
      type: input.type,
      message: input.deviceId,
      statusWebhook: input.enabled ? 'true' : 'false',
    });
  }
  deleteDevice(authkey: string, idOrName: string): Promise<ServiceBody> {
    return this.send(DEVICES, { authkey, message: idOrName, apagarDispositivo: 'true' });
  }
  listDevices(authkey: string): Promise<DeviceListResponse> {
    return this.read(DEVICES, { authkey, message: 'false', dispositivos: 'true' }, DEVICE_LIST);
  }
  checkDevice(authkey: string, idOrName: string): Promise<DeviceCheckResponse> {
    return this.read(DEVICES, { authkey, message: idOrName, checkDispositivo: 'true' }, DEVICE_CHECK);
  }

  // Operations of the real service beyond its published reference (docs/emulator.md, "Extensions").

  /** Media by http(s) URL, or as base64 data; `fileName` travels as `message`, the caption as `descricao`. */
  sendMedia(
    keys: DeviceKeys,
    input: { to: string; file: string; fileName: string; caption?: string; format?: string },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      file: input.file,
      message: input.fileName,
      descricao: input.caption,
      format: input.format,
    });
  }

  /** A reply quoting message `messageId` (`quote` = its text). */
  sendReply(
    keys: DeviceKeys,
    input: { to: string; messageId: string; message: string; quote?: string; kind: string },
  ): Promise<ServiceBody> {
    return this.send(MESSAGE, {
      ...keys,
      to: input.to,
      message: input.message,
      idMensagem: input.messageId,
      respostaMensagem: input.quote,
      tipoMensagem: input.kind,
      tipo: 'chat',
    });
  }

  cancelSchedule(keys: DeviceKeys, scheduleId: string): Promise<ServiceBody> {
    return this.send(MESSAGE, { ...keys, message: scheduleId, cancelarAgendamento: 'true' });
  }

  login(input: { email: string; password: string }): Promise<LoginResponse> {
    return this.send('/api/auth', { auth: 'login', email: input.email, senha: input.password });
  }

  disconnectDevice(authkey: string, device: string): Promise<ServiceBody> {
    return this.send(DEVICES, { authkey, message: device, desconectar: 'true' });
  }

  /** A fresh QR for a device that is not connected (created when the account has none of that name); `webhook` sets its address. */
  connectQr(authkey: string, input: { device: string; webhook?: string }): Promise<ServiceBody> {
    return this.send(DEVICES, { authkey, message: input.device, conecteQR: 'true', webhook: input.webhook }, QR_ISSUED);
  }

  createApp(authkey: string, input: { device: string; name: string }): Promise<CreateAppResponse> {
    return this.send(DEVICES, { authkey, message: input.name, criarApp: input.device }, APP_CREATED);
  }

  pairingLink(authkey: string, device: string): Promise<PairingLinkResponse> {
    return this.send(DEVICES, { authkey, appkey: device, message: device, GerenciarLinks: 'conectar' });
  }

  setAbout(keys: DeviceKeys, text: string): Promise<ServiceBody> {
    return this.send(SETTINGS, { ...keys, message: text, editeStatus: 'true' });
  }

  profilePicture(keys: DeviceKeys, chat: string): Promise<PictureResponse> {
    return this.read(SETTINGS, { ...keys, message: 'false', to: chat, obterImagem: 'true' }, PICTURE);
  }

  checkNumber(keys: DeviceKeys, phone: string): Promise<NumberCheckResponse> {
    return this.read(SETTINGS, { ...keys, message: 'false', checkDevice: phone }, NUMBER_CHECK);
  }

  /** `phone` digits, or `todos` for every contact. */
  resetFlow(keys: DeviceKeys, phone: string): Promise<ServiceBody> {
    return this.send(SETTINGS, { ...keys, message: 'false', to: phone, deleteConversaFluxo: 'true' });
  }

  /**
   * One agent, or every agent of the account without `id`; the authkey travels in the query string. A read:
   * retried on network errors; the answer must carry the agent (or the list) in `data`.
   */
  async getAgents(authkey: string, id?: string): Promise<AgentSettingsResponse> {
    const path = `/api/v2/ia${id === undefined ? '' : `/${encodeURIComponent(id)}`}?authkey=${encodeURIComponent(authkey)}`;
    const shape = id === undefined ? AGENT_LIST : AGENT_SETTINGS;
    return checkAnswer(shape, await this.request(path, undefined, { retry: true })) as AgentSettingsResponse;
  }

  /** A change, never retried; `data`, when the answer has it, must be the agent. */
  async updateAgent(authkey: string, id: string, fields: Record<string, unknown>): Promise<AgentSettingsResponse> {
    const path = `/api/v2/ia/${encodeURIComponent(id)}`;
    const body = await this.request(path, defined({ authkey, ...fields }), { method: 'PUT' });
    return checkAnswer(AGENT_UPDATED, body) as AgentSettingsResponse;
  }

  /** `chatbot api`: any path, any fields, as given (`sent`: the fields, also when a GET carries them in its query). */
  raw(
    path: string,
    body: Record<string, unknown> | undefined,
    method: 'GET' | 'POST' | 'PUT',
    sent?: Record<string, unknown>,
  ): Promise<ServiceBody> {
    return this.explained(path, body, { method }, sent);
  }
}
