// What each operation's successful answer must carry for the command to report success: one schema per operation,
// checked in one place (ServiceApi) before any command reads the body. Fields the commands print or save are
// required; fields they only pass through are not.
import * as v from 'valibot';
import { UnexpectedAnswer } from '../errors.js';

const text = v.string();
const filled = v.pipe(v.string(), v.nonEmpty('is empty'));
/** A text the service may leave out or send as null; commands get '' then. */
const optionalText = v.pipe(
  v.nullish(v.string()),
  v.transform((value) => value ?? ''),
);

const ACCOUNT = v.looseObject({
  nome: text,
  email: text,
  telefone: text,
  authkey: filled,
  expiracao: text,
  plano: text,
});
const DEVICE = v.looseObject({ id: filled, nome: text, telefone: optionalText, webhook: optionalText });
const PARTICIPANT = v.looseObject({ id: filled, admin: v.optional(v.boolean()) });
const GROUP = v.looseObject({
  id: filled,
  titulo: text,
  descricao: optionalText,
  participantes: v.optional(v.array(PARTICIPANT)),
});

/** Sends and changes whose answer is only `status` and `message`. */
export const PLAIN = v.looseObject({});
export const AGENT = v.looseObject({ agent_id: filled });
export const REGISTERED = v.looseObject({ data: ACCOUNT });
export const PAIRED = v.looseObject({ appkey: filled, qrcode: optionalText, code: optionalText });
export const STORY = v.looseObject({ data: v.looseObject({ id: filled }) });
export const POLL = v.looseObject({ data: v.looseObject({ idMensagem: filled }) });
export const SCHEDULED = v.looseObject({ agendamento_id: filled });
export const OTP = v.looseObject({ valid: v.boolean() });
export const GROUP_INFO = v.looseObject({ grupo: GROUP });
export const GROUP_INVITE = v.looseObject({ convite: filled });
export const USER_STATUS = v.looseObject({ userStatus: text });
export const DEVICE_LIST = v.looseObject({ dispositivos: v.array(DEVICE) });
export const DEVICE_CHECK = v.looseObject({
  dispositivo: v.looseObject({ ...DEVICE.entries, conectado: v.optional(v.boolean()) }),
});

/** Operations of the real service beyond its published reference (docs/emulator.md, "Extensions"). */
export const APP_CREATED = v.looseObject({ appkey: filled });
/** conecteQR answers the QR in `message`: `{qr, id}`. */
export const QR_ISSUED = v.looseObject({ message: v.looseObject({ qr: filled }) });
export const PICTURE = v.looseObject({ imagem: filled });
/** `message.jid` must be there: a string when the number is on the network, null (or empty) when it is not. */
export const NUMBER_CHECK = v.looseObject({ message: v.looseObject({ jid: v.nullable(v.string()) }) });
/** An AI agent's settings, each printed as it comes; its `id` tells it from anything else (a list, a message). */
const AGENT_FIELDS = v.looseObject({ id: filled });
/** GET /api/v2/ia/{id}: the agent. */
export const AGENT_SETTINGS = v.looseObject({ data: AGENT_FIELDS });
/** GET /api/v2/ia: the account's agents. */
export const AGENT_LIST = v.looseObject({ data: v.array(AGENT_FIELDS) });
/** PUT /api/v2/ia/{id}: the agent as changed, which the command does not print, so it may be left out. */
export const AGENT_UPDATED = v.looseObject({ data: v.optional(AGENT_FIELDS) });

export type AnswerShape = v.GenericSchema<unknown, Record<string, unknown>>;

/** Returns `body` when it has the shape; otherwise an exit-8 error naming the first field that is missing or wrong. */
export function checkAnswer(shape: AnswerShape, body: Record<string, unknown>): Record<string, unknown> {
  const result = v.safeParse(shape, body);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = v.getDotPath(issue) ?? 'the body';
  const problem =
    issue.received === 'undefined'
      ? `${path} is missing`
      : issue.message === 'is empty'
        ? `${path} is empty`
        : `${path} is ${issue.received}, expected ${issue.expected}`;
  throw new UnexpectedAnswer(problem);
}
