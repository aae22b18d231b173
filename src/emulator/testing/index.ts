// `chatbot-cli/emulator`: an in-process emulator for the user's own tests, with a typed control client.
import { startEmulator as startServer, type EmulatorOptions } from '../index.js';
import { ControlClient } from './client.js';

export { ControlClient, EmulatorCallError, type ControlClientOptions } from './client.js';
export { ClockClient, FaultsClient } from './instrument-clients.js';
export type * from './types.js';
export type { FollowOptions } from './live-events.js';
export { Contact, type Answering, type ContactFile, type ContactOptions } from './contact.js';
export type { WaitOptions } from './waiting.js';

export interface TestEmulatorOptions {
  /** IANA zone of `agendamento` and `dataEnvio`; default 'America/Sao_Paulo'. */
  tz?: string;
  /** Seconds an OTP code lives; default 300. */
  otpTtl?: number;
  /** Seconds after pairing at which a device connects by itself; default never. */
  autoConnect?: number;
  /** Every send to a device that is not connected fails with 404; default false. */
  requireConnected?: boolean;
  /** Port to listen on; default 0 (any free port). */
  port?: number;
  /** SQLite file; default ':memory:' (thrown away on close). */
  db?: string;
  /** Called with one line per request. */
  log?: (line: string) => void;
}

export interface TestEmulator {
  /** Base URL of the service, e.g. `http://127.0.0.1:41234`: give it to the code under test. */
  url: string;
  port: number;
  control: ControlClient;
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 (a free port, an in-memory database unless told otherwise). */
export async function startEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const serverOptions: EmulatorOptions = { port: 0, db: ':memory:', host: '127.0.0.1', ...options };
  const running = await startServer(serverOptions);
  return {
    url: running.url,
    port: running.port,
    control: new ControlClient(running.url),
    close: () => running.close(),
  };
}
