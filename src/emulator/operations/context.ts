// What operations get besides the store and the request fields.

export interface Ctx {
  /** Current time in epoch ms (injectable for tests). */
  now(): number;
  /** IANA zone of `agendamento`, `dataEnvio` and `expiracao`. */
  tz: string;
  /** Seconds an OTP code lives. */
  otpTtl: number;
  /** Seconds after pairing at which a device connects by itself; undefined = never. */
  autoConnect: number | undefined;
  /** Every send to a device that is not connected fails with 404 (the seed requires it of polls only). */
  requireConnected: boolean;
  /** Where the emulator listens (`http://127.0.0.1:8484`), known once it does; links it hands out start with it. */
  baseUrl?: string;
  /** The service request's `User-Agent`: a send keeps where it came from (the CLI or another client, the bot). */
  userAgent?: string;
}

export function defaultCtx(partial: Partial<Ctx> = {}): Ctx {
  return {
    now: partial.now ?? Date.now,
    tz: partial.tz ?? 'America/Sao_Paulo',
    otpTtl: partial.otpTtl ?? 300,
    autoConnect: partial.autoConnect,
    requireConnected: partial.requireConnected ?? false,
  };
}
