// The emulator a run talks to: one it starts in this process (default), or one already running (--emulator-url); and
// the control client every part of the run uses, whose requests each get their own time limit (a run has no single
// deadline: it lasts as long as its conversations).
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import { NetworkError, UsageError } from '../../../../errors.js';
import { serviceBaseUrl } from '../../../../url.js';
import type { Context } from '../../../context.js';

export interface EmulatorSession {
  url: string;
  control: EmulatorControl;
  /** True when this run started the emulator (and so owns all of it). */
  own: boolean;
  close(): Promise<void>;
}

export interface SessionOptions {
  emulatorUrl?: string;
  port: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

async function controlClient(ctx: Context, baseUrl: string): Promise<EmulatorControl> {
  const [{ createRequester }, { EmulatorControl }, { VERSION }] = await Promise.all([
    import('../../../../api/request.js'),
    import('../../../../api/emulator-control.js'),
    import('../../../../version.js'),
  ]);
  const requester = createRequester({
    baseUrl,
    timeoutMs: REQUEST_TIMEOUT_MS,
    userAgent: `chatbot/${VERSION}`,
    dispatcher: () => ctx.run.dispatcher(),
    secrets: ctx.run.secrets,
  });
  return new EmulatorControl(requester);
}

function startFailure(error: unknown, port: number): Error {
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (syscall === 'listen' && code === 'EADDRINUSE') {
    return new UsageError(
      `Port ${port} is already in use — if an emulator runs there, test against it with --emulator-url http://127.0.0.1:${port}; otherwise pick another --port`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

async function ownEmulator(ctx: Context, options: SessionOptions): Promise<EmulatorSession> {
  const { startEmulator } = await import('../../../../emulator/index.js');
  const emulator = await startEmulator({
    port: options.port,
    host: '127.0.0.1',
    db: ':memory:',
    warn: (line) => ctx.out.info(line),
  }).catch((error: unknown) => {
    throw startFailure(error, options.port);
  });
  const control = await controlClient(ctx, emulator.url);
  return { url: emulator.url, control, own: true, close: () => emulator.close() };
}

async function runningEmulator(ctx: Context, given: string): Promise<EmulatorSession> {
  const { url } = serviceBaseUrl('--emulator-url', given);
  const control = await controlClient(ctx, url);
  try {
    await control.health();
  } catch (error) {
    if (error instanceof NetworkError) {
      throw new NetworkError(
        `No emulator answers at ${url} — start one with \`chatbot emulator start\`, or leave out --emulator-url`,
      );
    }
    throw new UsageError(
      `${url} is not the chatbot emulator (GET /__emulator/health failed): conversation tests need its control API`,
    );
  }
  return { url, control, own: false, close: () => Promise.resolve() };
}

/** Starts the run's emulator, or checks the one given answers as an emulator. */
export function openSession(ctx: Context, options: SessionOptions): Promise<EmulatorSession> {
  return options.emulatorUrl === undefined ? ownEmulator(ctx, options) : runningEmulator(ctx, options.emulatorUrl);
}
