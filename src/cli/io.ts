// The process streams a run uses, injectable so that commands can run in-process in tests.
import type { Stream } from '../output/output.js';
import type { InputStream } from '../output/process-streams.js';
import type { SignalSource } from './wait/interrupt.js';

export interface CliIo {
  stdin: InputStream;
  stdout: Stream;
  stderr: Stream;
  env: Record<string, string | undefined>;
  /** Where SIGINT and SIGTERM come from; the process when absent. */
  signals?: SignalSource;
}

/** Reads all of stdin as bytes. */
export async function readAllBytes(stdin: InputStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Reads all of stdin as UTF-8 text. */
export async function readAll(stdin: InputStream): Promise<string> {
  return (await readAllBytes(stdin)).toString('utf8');
}
