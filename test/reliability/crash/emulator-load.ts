// A mixed load on the emulator (texts, schedules due soon and much later, inbound contact messages) that keeps a
// ledger of every write the emulator acknowledged (2xx), and SIGKILLs the emulator while requests are in flight.
import { wallClock, wholeSecondsAhead } from '../../emulator/e2e/helpers/clock.js';
import { CONTACT, CONTACT_PLAIN, type Device } from '../../emulator/e2e/helpers/fixtures.js';
import type { WebhookReceiver } from '../../emulator/e2e/helpers/webhook-receiver.js';

export const EMULATOR_TZ = 'America/Sao_Paulo';
const CONTACT_DIGITS = CONTACT.replace('+', '');

export interface AckedSend {
  text: string;
  id: string;
}
export interface AckedInbound {
  mensagem: string;
  id: string;
}
export interface AckedSchedule {
  id: string;
  message: string;
  recipients: string[];
  dueAt: number;
  far: boolean;
}

/** Every write the emulator answered with 2xx, across all cycles. */
export interface Ledger {
  sends: AckedSend[];
  inbound: AckedInbound[];
  schedules: AckedSchedule[];
}

export const emptyLedger = (): Ledger => ({ sends: [], inbound: [], schedules: [] });

export function ledgerSize(ledger: Ledger): number {
  return ledger.sends.length + ledger.inbound.length + ledger.schedules.length;
}

type Body = Record<string, unknown>;

/** POSTs JSON; resolves only with a 2xx answer whose body status is 2xx too (an acknowledgement), else throws. */
async function acknowledged(url: string, path: string, body: Body): Promise<Body> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Body;
  const status = Number(reply.status);
  if (response.status < 200 || response.status > 299 || status < 200 || status > 299) {
    throw new Error(`not acknowledged: HTTP ${response.status} ${JSON.stringify(reply)}`);
  }
  return reply;
}

type Operation = (url: string, device: Device, tag: string, ledger: Ledger) => Promise<void>;

const sendText: Operation = async (url, device, tag, ledger) => {
  const text = `envio-${tag}`;
  const reply = await acknowledged(url, '/api/create-message', { ...device.keys, to: CONTACT, message: text });
  ledger.sends.push({ text, id: String((reply.data as Body).idMensagem) });
};

const inbound: Operation = async (url, device, tag, ledger) => {
  const mensagem = `entrada-${tag}`;
  const reply = await acknowledged(url, '/__emulator/inbound', {
    appkey: device.appkey,
    evento: 'text',
    de: CONTACT,
    mensagem,
  });
  ledger.inbound.push({ mensagem, id: String(reply.idMessagem) });
};

/** A schedule `seconds` ahead, to one or two recipients. */
function schedule(seconds: number, recipients: string[]): Operation {
  return async (url, device, tag, ledger) => {
    const message = `agendada-${tag}`;
    const due = wholeSecondsAhead(seconds);
    const to = recipients.length === 1 ? recipients[0] : JSON.stringify(recipients);
    const reply = await acknowledged(url, '/api/create-message', {
      ...device.keys,
      to,
      message,
      agendamento: wallClock(due, EMULATOR_TZ),
    });
    ledger.schedules.push({
      id: String(reply.agendamento_id),
      message,
      recipients,
      dueAt: due.getTime(),
      far: seconds > 3600,
    });
  };
}

const DAY = 24 * 3600;
const OPERATIONS: Operation[] = [
  sendText,
  inbound,
  schedule(1, [CONTACT_DIGITS]),
  sendText,
  schedule(DAY, [CONTACT_DIGITS, CONTACT_PLAIN]),
  inbound,
  sendText,
  schedule(2, [CONTACT_DIGITS, CONTACT_PLAIN]),
  schedule(DAY, [CONTACT_DIGITS]),
];

export interface LoadOptions {
  cycle: number;
  /** Acknowledged writes of this cycle after which the emulator is killed. */
  killAfter: number;
  /** Parallel connections. */
  lanes: number;
  /** Receives the device's events; it stops answering half-way, so deliveries are pending when the kill comes. */
  receiver: WebhookReceiver;
  kill: () => Promise<void>;
}

export interface LoadResult {
  acknowledged: number;
  /** Writes refused before the kill began: the emulator failing under load, not the kill. */
  failedBeforeKill: string[];
}

/** Runs the mixed load until `killAfter` writes were acknowledged and kills the emulator mid-load. */
export async function loadUntilKilled(
  url: string,
  device: Device,
  ledger: Ledger,
  options: LoadOptions,
): Promise<LoadResult> {
  let next = 0;
  let acked = 0;
  let killed: Promise<void> | undefined;
  const failedBeforeKill: string[] = [];
  // A function, not a read of `killed`: other lanes set it during the awaits, which TypeScript's narrowing does not see.
  const beforeKill = () => killed === undefined;
  const lane = async () => {
    while (beforeKill()) {
      const n = next++;
      const operation = OPERATIONS[n % OPERATIONS.length] as Operation;
      try {
        await operation(url, device, `c${options.cycle}-${n}`, ledger);
        acked += 1;
      } catch (error) {
        // Not acknowledged: the write may or may not have happened, so it is not checked. Before the kill, a refusal
        // is a failure of its own.
        if (beforeKill()) failedBeforeKill.push(error instanceof Error ? error.message : String(error));
        continue;
      }
      if (acked === Math.floor(options.killAfter / 2)) options.receiver.mode = 'hang';
      if (acked >= options.killAfter) killed ??= options.kill();
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, lane));
  await killed;
  return { acknowledged: acked, failedBeforeKill };
}
