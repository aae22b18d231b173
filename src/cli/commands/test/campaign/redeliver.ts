// --redeliver: a share of the contacts' events delivered twice, as the service's at-least-once delivery allows. Once
// the first attempt of a chosen event has ended, the emulator queues the same event (same idMessagem) again through
// POST /__emulator/webhooks/redeliver; a bot that is idempotent answers it once.
import type { EmulatorControl, LiveEvent } from '../../../../api/emulator-control.js';

/** `5%` or `0.05` → 0.05. */
export function parseShare(text: string): number | undefined {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%');
  const value = Number(percent ? trimmed.slice(0, -1) : trimmed) / (percent ? 100 : 1);
  return Number.isFinite(value) && value >= 0 && value <= 1 && trimmed !== '' ? value : undefined;
}

export class Redeliverer {
  /** The events queued a second time. */
  readonly redelivered = new Set<string>();
  private readonly chosen = new Set<string>();
  private readonly firstDelivery = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private owed = 0;
  failures = 0;

  constructor(
    private readonly control: EmulatorControl,
    private readonly share: number,
  ) {}

  /** A contact's event: every 1/share-th one is chosen (an exact share, the same in every run). */
  contactEvent(id: string): void {
    this.owed += this.share;
    if (this.owed < 1 - 1e-9) return;
    this.owed -= 1;
    this.chosen.add(id);
    const delivery = this.firstDelivery.get(id);
    if (delivery !== undefined) this.queue(id, delivery);
  }

  heard(event: LiveEvent): void {
    if (event.type !== 'webhook' || event.data.tentativa !== 1 || this.firstDelivery.has(event.data.idMessagem)) return;
    this.firstDelivery.set(event.data.idMessagem, event.data.entrega);
    if (this.chosen.has(event.data.idMessagem)) this.queue(event.data.idMessagem, event.data.entrega);
  }

  /** Resolves once every redelivery asked for has been queued. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private queue(id: string, delivery: number): void {
    if (this.redelivered.has(id)) return;
    this.redelivered.add(id);
    const call: Promise<unknown> = this.control
      .redeliver({ id: delivery })
      .catch(() => {
        this.failures += 1;
      })
      .finally(() => this.inFlight.delete(call));
    this.inFlight.add(call);
  }
}
