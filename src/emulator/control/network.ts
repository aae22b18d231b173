// Control routes that stand in for the network: groups, templates, OTP codes.
import type { Ctx } from '../operations/context.js';
import { asFlag, asText, decodeJsonText, has, isRecord, optional, own, type Fields } from '../rules/fields.js';
import { EmulatorError } from '../http/reply.js';
import { digitCode, newGroupId, newInviteCode, newTemplateId } from '../rules/ids.js';
import { inviteLink, MAX_TITLE_LENGTH } from '../operations/groups/groups.js';
import { authenticate } from '../operations/access.js';
import { normalizePhone } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import { insertGroup, type Participant } from '../store/groups.js';
import { insertTemplate, type TemplateButton } from '../store/templates.js';
import { controlDevice, controlField, invalidControlField } from './fields.js';
import type { GroupAnswer, OtpAnswer, TemplateAnswer } from './types.js';

export const OTP_DIGITS = 6;

function readParticipants(fields: Fields): Participant[] {
  if (!has(fields, 'participantes')) return [];
  const raw = decodeJsonText(own(fields, 'participantes'));
  if (!Array.isArray(raw)) throw invalidControlField('participantes');
  return raw.map((item) => {
    const entry = decodeJsonText(item);
    const id = asText(isRecord(entry) ? own(entry, 'id') : entry)?.trim();
    const admin = isRecord(entry) && has(entry, 'admin') ? asFlag(own(entry, 'admin')) : false;
    if (!id || admin === undefined) throw invalidControlField('participantes');
    return { id, admin };
  });
}

export function createGroupRoute(store: Store, fields: Fields, ctx: Ctx): GroupAnswer {
  const device = controlDevice(store, fields);
  const titulo = controlField(fields, 'titulo');
  if (titulo.length > MAX_TITLE_LENGTH) throw invalidControlField('titulo');
  const descricao = asText(own(fields, 'descricao')) ?? '';
  const participantes = readParticipants(fields);
  const group = {
    id: newGroupId(),
    device_id: device.id,
    titulo,
    descricao,
    participantes,
    convite: inviteLink(newInviteCode()),
  };
  store.tx(() => insertGroup(store, group, ctx.now()));
  return { status: 200, message: 'Grupo criado.', grupo: group.id, convite: group.convite };
}

function readTemplateButtons(fields: Fields): TemplateButton[] {
  if (!has(fields, 'botoes')) return [];
  const raw = decodeJsonText(own(fields, 'botoes'));
  if (!Array.isArray(raw)) throw invalidControlField('botoes');
  return raw.map((item, index) => {
    const entry = decodeJsonText(item);
    const texto = asText(isRecord(entry) ? (own(entry, 'texto') ?? own(entry, 'displaytext')) : entry)?.trim();
    const id = (isRecord(entry) ? asText(own(entry, 'id'))?.trim() : undefined) || String(index + 1);
    if (!texto) throw invalidControlField('botoes');
    return { id, texto };
  });
}

/** A template id the caller chose: 1 to 64 letters, digits, `_` or `-`. */
const TEMPLATE_ID = /^[\w-]{1,64}$/;

/** A new template; with `id`, the template of that id, replaced when the account already has it. */
export function createTemplateRoute(store: Store, fields: Fields, ctx: Ctx): TemplateAnswer {
  const account = authenticate(store, controlField(fields, 'authkey'), ctx);
  const texto = controlField(fields, 'texto');
  const chosen = optional(fields, 'id', () => invalidControlField('id'))?.trim();
  if (chosen !== undefined && !TEMPLATE_ID.test(chosen)) throw invalidControlField('id');
  const template = {
    id: chosen ?? newTemplateId(),
    account_id: account.id,
    texto,
    botoes: readTemplateButtons(fields),
  };
  store.tx(() => {
    const taken = store.sql('SELECT account_id FROM templates WHERE id = ?').get(template.id) as
      { account_id: number } | undefined;
    if (taken && taken.account_id !== account.id) throw new EmulatorError(409, 'Template de outra conta.');
    if (taken) store.sql('DELETE FROM templates WHERE id = ?').run(template.id);
    insertTemplate(store, template, ctx.now());
  });
  return { status: 200, message: 'Template criado.', template_id: template.id };
}

/** Issues a code for (device, number); earlier unused codes of the same pair stop working. */
export function issueOtpRoute(store: Store, fields: Fields, ctx: Ctx): OtpAnswer {
  const device = controlDevice(store, fields);
  const numero = normalizePhone(controlField(fields, 'to'));
  if (!numero) throw invalidControlField('to');
  const code = digitCode(OTP_DIGITS);
  const now = ctx.now();
  store.tx(() => {
    store.sql('UPDATE otps SET used = 1 WHERE device_id = ? AND numero = ? AND used = 0').run(device.id, numero);
    store
      .sql('INSERT INTO otps (device_id, numero, code, expires_at) VALUES (?, ?, ?, ?)')
      .run(device.id, numero, code, now + ctx.otpTtl * 1000);
  });
  return { status: 200, message: 'OTP emitido.', code, expiraEm: new Date(now + ctx.otpTtl * 1000).toISOString() };
}
