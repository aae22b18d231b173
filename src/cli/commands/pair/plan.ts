// pair's flags, checked (and asked for when interactive) before anything is sent.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InterruptedError, UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { pairCommand } from './pair-command.js';
import type { Context } from '../../context.js';
import { inPlace } from '../../prompt.js';
import { nonEmpty, phoneNumber, typedPhoneNumber, webhookUrl } from '../../shared/validate.js';

export interface PairPlan {
  /** Digits with country code: a pairing code instead of a QR code. */
  phone?: string;
  /** Sent as `setAppkey`: the appkey, and the device's name. */
  appkeyName?: string;
  webhook?: string;
  wait: boolean;
  waitSeconds: number;
  qrFile?: string;
}

type Opts = InputOf<typeof pairCommand>['opts'];

function qrFilePath(value: string | undefined, phone: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (phone !== undefined) {
    throw new UsageError('--qr-file saves a QR code, but --phone asks for a pairing code instead — drop one of them');
  }
  const path = resolve(nonEmpty('--qr-file', value));
  const dir = dirname(path);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`--qr-file must be in an existing directory (${dir} does not exist)`);
  }
  if (existsSync(path) && statSync(path).isDirectory())
    throw new UsageError(`--qr-file must be a file name (${path} is a directory)`);
  return path;
}

/** "Pair by QR code or by phone number?" — asked only when interactive and no flag decides. */
async function askPhone(ctx: Context, opts: Opts): Promise<string | undefined> {
  const decided = opts.phone !== undefined || opts.qrFile !== undefined;
  if (decided || !ctx.prompt.interactive || ctx.out.json) return opts.phone;
  const { select } = await import('@inquirer/prompts');
  let method: 'qr' | 'phone';
  try {
    method = await select({
      message: 'Pair by QR code or by phone number?',
      choices: [
        { name: 'QR code (scan it with the phone)', value: 'qr' as const },
        { name: 'Phone number (type an 8-digit code on the phone)', value: 'phone' as const },
      ],
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') throw new InterruptedError('Cancelled');
    throw error;
  }
  if (method === 'qr') return undefined;
  const question = 'Phone number of the device (+55 81 98976-9960, or 81 98976-9960 for a Brazilian number)';
  return `+${typedPhoneNumber('--phone', await ctx.prompt.text('--phone', question, inPlace(typedPhoneNumber)))}`;
}

/** Reads, asks for and validates every pair option; throws UsageError (exit 2) on the first bad one. */
export async function pairPlan(ctx: Context, opts: Opts): Promise<PairPlan> {
  const rawPhone = await askPhone(ctx, opts);
  const phone = rawPhone === undefined ? undefined : phoneNumber('--phone', rawPhone);
  const name = opts.name;
  const appkeyName = name === undefined ? undefined : nonEmpty('--name', name).trim();
  const rawWebhook = opts.webhook;
  const webhook = rawWebhook === undefined ? undefined : webhookUrl('--webhook', rawWebhook);
  const qrFile = qrFilePath(opts.qrFile, phone);
  const waitSeconds = opts.waitTimeout;
  return {
    ...(phone ? { phone } : {}),
    ...(appkeyName ? { appkeyName } : {}),
    ...(webhook ? { webhook } : {}),
    ...(qrFile ? { qrFile } : {}),
    wait: opts.wait,
    waitSeconds,
  };
}
