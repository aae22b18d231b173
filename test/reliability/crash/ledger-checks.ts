// After a restart: is every acknowledged write still there (exactly once), and does every acknowledged event reach
// the webhook receiver at least once?
import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { getJson, type Body } from '../../emulator/e2e/helpers/http.js';
import type { WebhookReceiver } from '../../emulator/e2e/helpers/webhook-receiver.js';
import { waitFor } from '../../support/wait-for.js';
import type { AckedSchedule, Ledger } from './emulator-load.js';

export interface WriteCheck {
  /** Acknowledged writes looked for. */
  checked: number;
  /** Acknowledged writes not found (each named). */
  lost: string[];
  /** Writes found more than once, or a schedule that went out before its time. */
  wrong: string[];
  outbox: Body[];
}

async function controlList(url: string, route: string, appkey: string, field: string): Promise<Body[]> {
  const reply = await getJson(url, `/__emulator/${route}?appkey=${encodeURIComponent(appkey)}`);
  const list = reply.body[field];
  if (!Array.isArray(list)) throw new Error(`${route}: no ${field} in ${JSON.stringify(reply.body).slice(0, 300)}`);
  return list as Body[];
}

const sentFor = (outbox: Body[], schedule: AckedSchedule, to: string) =>
  outbox.filter((m) => m.agendamento_id === schedule.id && m.to === to);

const allOut = (outbox: Body[], schedules: AckedSchedule[]) =>
  schedules.every((s) => s.recipients.every((to) => sentFor(outbox, s, to).length > 0));

/** Waits until every schedule due by now has gone out, or until the deadline; returns the outbox then. */
async function outboxOnceDue(url: string, appkey: string, soon: AckedSchedule[]): Promise<Body[]> {
  const lastDue = Math.max(0, ...soon.map((s) => s.dueAt));
  const outbox = () => controlList(url, 'outbox', appkey, 'mensagens');
  // A timeout is not the failure here: the caller reports each schedule that did not go out.
  await waitFor(async () => Date.now() > lastDue && allOut(await outbox(), soon), {
    what: 'every schedule due by now to go out',
    timeoutMs: Math.max(0, lastDue - Date.now()) + 10_000,
    intervalMs: 100,
  }).catch(() => undefined);
  return outbox();
}

/** Schedules still waiting in the database file (the service has no operation that lists them). */
function pendingSchedules(dbPath: string, ids: string[]): Map<string, string> {
  const db = openDatabase(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(`SELECT id, state FROM schedules WHERE id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as { id: string; state: string }[];
    return new Map(rows.map((row) => [row.id, row.state]));
  } finally {
    db.close();
  }
}

function countOnce(what: string, found: number, check: WriteCheck): void {
  check.checked += 1;
  if (found === 0) check.lost.push(what);
  if (found > 1) check.wrong.push(`${what} found ${found} times`);
}

/** Looks for every acknowledged write of the ledger in the restarted emulator. */
export async function checkWrites(url: string, appkey: string, dbPath: string, ledger: Ledger): Promise<WriteCheck> {
  const soon = ledger.schedules.filter((s) => !s.far);
  const far = ledger.schedules.filter((s) => s.far);
  const outbox = await outboxOnceDue(url, appkey, soon);
  const check: WriteCheck = { checked: 0, lost: [], wrong: [], outbox };
  for (const send of ledger.sends)
    countOnce(
      `text ${send.text}`,
      outbox.filter((m) => m.id === send.id && (m.content as Body | undefined)?.message === send.text).length,
      check,
    );
  for (const schedule of soon) {
    const times = schedule.recipients.map((to) => sentFor(outbox, schedule, to).length);
    countOnce(`schedule ${schedule.message}`, Math.min(...times), check);
    if (Math.max(...times) > 1)
      check.wrong.push(`schedule ${schedule.message} went out ${Math.max(...times)} times to one recipient`);
  }
  const states =
    far.length === 0
      ? new Map<string, string>()
      : pendingSchedules(
          dbPath,
          far.map((s) => s.id),
        );
  for (const schedule of far) {
    countOnce(`schedule ${schedule.message} (tomorrow)`, states.has(schedule.id) ? 1 : 0, check);
    if (states.has(schedule.id) && states.get(schedule.id) !== 'pending')
      check.wrong.push(`schedule ${schedule.message} is ${states.get(schedule.id)} a day early`);
  }
  const queued = await controlList(url, 'webhooks', appkey, 'entregas');
  const queuedIds = new Set(queued.map((d) => `${(d.evento as Body).evento}:${(d.evento as Body).idMessagem}`));
  for (const event of ledger.inbound)
    countOnce(`inbound ${event.mensagem}`, queuedIds.has(`text:${event.id}`) ? 1 : 0, check);
  return check;
}

/** `evento:idMessagem` of every event the acknowledged writes caused (scheduled ones once they went out). */
export function expectedEvents(ledger: Ledger, outbox: Body[]): Set<string> {
  const keys = new Set<string>();
  for (const send of ledger.sends) keys.add(`text:${send.id}`);
  for (const event of ledger.inbound) keys.add(`text:${event.id}`);
  const scheduleIds = new Set(ledger.schedules.map((s) => s.id));
  for (const message of outbox) {
    if (typeof message.agendamento_id !== 'string' || !scheduleIds.has(message.agendamento_id)) continue;
    keys.add(`text:${String(message.id)}`);
    keys.add(`agendamento:${String(message.id)}`);
  }
  return keys;
}

/** Events the receiver accepted (answered 2xx), deduplicated as `evento:idMessagem`. */
export function deliveredEvents(receiver: WebhookReceiver): Set<string> {
  return new Set(receiver.events().map((e) => `${String(e.evento)}:${String(e.idMessagem)}`));
}

/** Waits until every expected event was delivered at least once (or the deadline); returns those still missing. */
export async function undelivered(
  receiver: WebhookReceiver,
  expected: Set<string>,
  timeoutMs: number,
): Promise<string[]> {
  const missing = () => {
    const delivered = deliveredEvents(receiver);
    return [...expected].filter((key) => !delivered.has(key));
  };
  // A timeout is not the failure here: the caller reports the events still missing.
  await waitFor(() => missing().length === 0, { what: 'every acknowledged event delivered', timeoutMs }).catch(
    () => undefined,
  );
  return missing();
}
