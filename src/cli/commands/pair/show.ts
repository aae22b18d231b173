// Shows what the phone needs: the QR code drawn in the terminal (and saved as PNG), or the 8-digit pairing code.
import { writeFileSync } from 'node:fs';
import type { PairResponse } from '../../../api/types.js';
import { UnexpectedAnswer } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { PairPlan } from './plan.js';

const LINK_PATH = 'Settings › Linked devices › Link a device';

/** `12345678` as `1234-5678`, the way phones show pairing codes. */
export function formatPairingCode(code: string): string {
  return /^\d{8}$/.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

function showCode(ctx: Context, response: PairResponse, code: string, plan: PairPlan): void {
  const shown = formatPairingCode(code);
  ctx.out.result({ appkey: response.appkey, code }, () => [
    `Pairing code: ${ctx.out.style.bold(shown)}`,
    `On the phone${plan.phone ? ` +${plan.phone}` : ''}: ${LINK_PATH} › Link with phone number instead, then type ${shown}`,
  ]);
}

async function showQr(ctx: Context, response: PairResponse, qrcode: string, plan: PairPlan): Promise<void> {
  const { payloadOfPng, pngFromDataUrl } = await import('./qr/png-payload.js');
  const png = pngFromDataUrl(qrcode);
  if (plan.qrFile) writeFileSync(plan.qrFile, png);
  if (ctx.out.json) {
    ctx.out.result({ appkey: response.appkey, qrcode }, () => []);
    return;
  }
  const payload = payloadOfPng(png);
  if (payload === undefined) {
    ctx.out.warn(
      `The QR image could not be read for drawing here${plan.qrFile ? '' : ' — save it with --qr-file FILE and open it'}`,
    );
  } else {
    const { drawQr } = await import('./qr/draw.js');
    ctx.out.raw(drawQr(payload, ctx.out.style.level > 0));
    ctx.out.raw(`Scan it with the phone: ${LINK_PATH}\n`);
  }
  if (plan.qrFile) ctx.out.info(`QR code image saved to ${plan.qrFile}`);
}

/**
 * Loads what drawing a QR code takes (a PNG decoder, a QR reader and writer: seconds on a busy machine), so that pair
 * can do it before its first request starts the command's deadline (--timeout), which is for the service.
 */
export async function loadQrDrawing(): Promise<void> {
  await Promise.all([import('./qr/png-payload.js'), import('./qr/draw.js')]);
}

/** Prints the pairing result: {appkey, qrcode} or {appkey, code} under --json, a drawing or a code otherwise. */
export async function showPairing(ctx: Context, response: PairResponse, plan: PairPlan): Promise<void> {
  if (typeof response.code === 'string' && response.code !== '') {
    showCode(ctx, response, response.code, plan);
    return;
  }
  if (typeof response.qrcode === 'string' && response.qrcode !== '') {
    await showQr(ctx, response, response.qrcode, plan);
    return;
  }
  throw new UnexpectedAnswer('qrcode and code are both missing (a pairing needs one of them)');
}
