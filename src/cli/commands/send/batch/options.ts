// The flags of `send text|template --batch`, checked together before anything is read or sent.
import { resolve } from 'node:path';
import { UsageError } from '../../../../errors.js';

export interface BatchOptions {
  source: string;
  format?: string;
  journal: string;
  concurrency: number;
  rate?: number;
  skipInvalid: boolean;
  resume: boolean;
  resendUnknown: boolean;
}

/** The flags of `send text|template` that batch sends read, as their definitions type them. */
export interface BatchFlags {
  batch?: string | undefined;
  to?: string | undefined;
  format?: string | undefined;
  journal?: string | undefined;
  concurrency?: string | undefined;
  rate?: string | undefined;
  skipInvalid?: true | undefined;
  resume?: true | undefined;
  resendUnknown?: true | undefined;
}

const MAX_CONCURRENCY = 64;
const BATCH_ONLY = ['format', 'journal', 'concurrency', 'rate', 'skipInvalid', 'resume', 'resendUnknown'] as const;
const FLAG: Record<(typeof BATCH_ONLY)[number], string> = {
  format: '--format',
  journal: '--journal',
  concurrency: '--concurrency',
  rate: '--rate',
  skipInvalid: '--skip-invalid',
  resume: '--resume',
  resendUnknown: '--resend-unknown',
};

/** Refuses batch flags on a single send (they would be silently ignored). */
export function refuseBatchFlags(opts: BatchFlags): void {
  const given = BATCH_ONLY.filter((key) => opts[key] !== undefined);
  if (given.length > 0) {
    throw new UsageError(`${given.map((key) => FLAG[key]).join(', ')} only apply with --batch FILE`);
  }
}

/** Reads and checks the batch flags; the journal defaults to FILE.journal next to the input. */
export function batchOptions(opts: BatchFlags): BatchOptions {
  const source = String(opts.batch).trim();
  if (source === '') throw new UsageError('--batch needs a file name, or - for stdin');
  if (opts.to !== undefined) {
    throw new UsageError('--to does not apply with --batch: each row gives its recipient in the "to" column');
  }
  if (opts.resendUnknown === true && opts.resume !== true) {
    throw new UsageError('--resend-unknown only applies with --resume');
  }
  const journal = typeof opts.journal === 'string' ? opts.journal : defaultJournal(source);
  return {
    source,
    ...(typeof opts.format === 'string' ? { format: opts.format } : {}),
    journal: resolve(journal),
    concurrency: whole('--concurrency', opts.concurrency ?? '4', 1, MAX_CONCURRENCY),
    ...(opts.rate === undefined ? {} : { rate: positive('--rate', opts.rate) }),
    skipInvalid: opts.skipInvalid === true,
    resume: opts.resume === true,
    resendUnknown: opts.resendUnknown === true,
  };
}

function defaultJournal(source: string): string {
  if (source === '-') {
    throw new UsageError('Rows from stdin need --journal PATH, so that an interrupted batch can be resumed');
  }
  return `${source}.journal`;
}

function whole(flag: string, value: unknown, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${String(value)}")`);
  }
  return parsed;
}

function positive(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new UsageError(`${flag} must be a positive number of requests per second, e.g. 20 or 0.5 (got "${value}")`);
  }
  return parsed;
}
