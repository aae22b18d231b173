// Sends the messages scheduleMessage stored when they fall due — including, at start-up, those that fell due while the
// emulator was down.
import type { Ctx } from '../context.js';
import { enqueueEvent } from '../../delivery/enqueue.js';
import { outgoingEvent } from '../../delivery/payloads.js';
import { newMessageId } from '../../rules/ids.js';
import type { Store } from '../../store/db.js';
import { findDeviceById, settleAutoConnect } from '../../store/devices.js';
import { insertMessage } from '../../store/messages.js';

export const SCHEDULER_TICK_MS = 250;

interface ScheduleRow {
  id: string;
  device_id: string;
  recipients: string;
  message: string;
  file: string | null;
  nomearquivo: string | null;
}

/** Sends every due schedule, each in its own transaction; returns how many went out. */
export function runDueSchedules(store: Store, ctx: Ctx): number {
  const now = ctx.now();
  settleAutoConnect(store, now);
  const due = store
    .sql(
      "SELECT id, device_id, recipients, message, file, nomearquivo FROM schedules WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, rowid",
    )
    .all(now) as ScheduleRow[];
  for (const schedule of due) store.tx(() => sendSchedule(store, schedule, now));
  return due.length;
}

function sendSchedule(store: Store, schedule: ScheduleRow, now: number): void {
  const device = findDeviceById(store, schedule.device_id);
  store.sql("UPDATE schedules SET state = 'sent' WHERE id = ?").run(schedule.id);
  if (!device) return;
  for (const to of JSON.parse(schedule.recipients) as string[]) {
    const id = newMessageId();
    const media = schedule.file ? { file: schedule.file, nomearquivo: schedule.nomearquivo ?? '' } : {};
    insertMessage(store, {
      id,
      device_id: device.id,
      destinatario: to,
      kind: schedule.file ? 'media' : 'text',
      content: { message: schedule.message, ...media },
      schedule_id: schedule.id,
      sent_at: now,
      origem: 'schedule',
    });
    if (!schedule.file)
      enqueueEvent(store, device, outgoingEvent(device, 'text', to, id, now, { mensagem: schedule.message }), now);
    const notice = { mensagem: schedule.message, idAgendamento: schedule.id, ...media };
    enqueueEvent(store, device, { ...outgoingEvent(device, 'agendamento', to, id, now, notice), tipo: 'Sistema' }, now);
  }
}

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly ctx: Ctx,
    private readonly onSent: () => void,
  ) {}

  /** Sends what is already due, then checks every SCHEDULER_TICK_MS. */
  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    try {
      if (runDueSchedules(this.store, this.ctx) > 0) this.onSent();
    } catch {
      // A failed tick (e.g. the database briefly locked) leaves the schedules pending; the next tick retries them.
    }
  }
}
