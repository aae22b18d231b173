// scheduleMessage: stores a message to send at `agendamento` (wall clock in the emulator's zone); the scheduler
// sends it.
import type { Ctx } from '../context.js';
import { type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { decodeJsonText, own, required, type Fields } from '../../rules/fields.js';
import { newScheduleId } from '../../rules/ids.js';
import { normalizeHttpUrl, normalizeRecipient } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { parseDateTime } from '../../rules/zoned-time.js';
import { authorizeDevice, requireText } from '../access.js';
import { assertConnected, optionalText } from './sending.js';
import { quoted, notA } from '../../rules/reasons.js';

export const MAX_SCHEDULE_RECIPIENTS = 256;

/** `to` as one recipient, a JSON array (or JSON-encoded array text), or PHP `to[]=`; duplicates dropped. */
export function scheduleRecipients(fields: Fields): string[] {
  const raw = decodeJsonText(own(fields, 'to'));
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0 || items.length > MAX_SCHEDULE_RECIPIENTS)
    throw validationError(`to has ${items.length} recipients; 1 to ${MAX_SCHEDULE_RECIPIENTS} are allowed`);
  const recipients = items.map((item) => (typeof item === 'string' ? normalizeRecipient(item) : undefined));
  const bad = recipients.indexOf(undefined);
  if (bad !== -1) throw validationError(`to[${bad}] ${quoted(items[bad])} is not a phone number or group id`);
  return [...new Set(recipients as string[])];
}

export function scheduleMessage(store: Store, fields: Fields, ctx: Ctx): Reply {
  const recipients = scheduleRecipients(fields);
  const message = requireText(fields, 'message');
  const agendamento = required(fields, 'agendamento');
  const dueAt = agendamento === undefined ? undefined : parseDateTime(agendamento, ctx.tz);
  if (agendamento === undefined || dueAt === undefined)
    throw validationError(notA(fields, 'agendamento', 'a date and time (YYYY-MM-DD HH:MM:SS)'));
  const file = optionalText(fields, 'file')?.trim();
  if (file !== undefined && !normalizeHttpUrl(file)) throw validationError(notA(fields, 'file', 'an http(s) URL'));
  const nomearquivo = optionalText(fields, 'nomearquivo');
  const { device } = authorizeDevice(store, fields, ctx);
  if (ctx.requireConnected) assertConnected(store, ctx, device);
  const id = newScheduleId();
  store
    .sql(
      `INSERT INTO schedules (id, device_id, due_at, agendamento, recipients, message, file, nomearquivo, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      device.id,
      dueAt,
      agendamento,
      JSON.stringify(recipients),
      message,
      file ?? null,
      nomearquivo ?? null,
      ctx.now(),
    );
  // `id` beside the reference's `agendamento_id`: three public clients of the real service read it so.
  return { status: 200, message: 'Mensagem agendada com sucesso.', agendamento_id: id, id };
}
