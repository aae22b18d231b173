// Turns the service's QR code (a data URL of a PNG) into its bytes and the text it encodes.
import { PNG } from 'pngjs';
import * as jsqrModule from 'jsqr';
import type { Options, QRCode } from 'jsqr';
import { MalformedResponse } from '../../../../errors.js';

type Decode = (data: Uint8ClampedArray, width: number, height: number, options?: Options) => QRCode | null;

/** jsqr is a webpack UMD bundle: depending on the loader, `default` is the function or an object holding it. */
const loaded: unknown = (jsqrModule as { default: unknown }).default;
const jsQR = (typeof loaded === 'function' ? loaded : (loaded as { default: Decode }).default) as Decode;

/** A PNG data URL, or bare base64 that starts with the PNG signature (`iVBORw0KGgo`). */
const PNG_DATA_URL = /^(?:data:image\/png;base64,|(?=iVBORw0KGgo))([A-Za-z0-9+/=\s]+)$/;

/** The PNG bytes of a `data:image/png;base64,…` URL; a MalformedResponse when the service sent something else. */
export function pngFromDataUrl(dataUrl: string): Buffer {
  const match = PNG_DATA_URL.exec(dataUrl.trim());
  if (!match?.[1]) {
    throw new MalformedResponse(200, `The service's qrcode is not a PNG data URL (starts "${dataUrl.slice(0, 30)}")`);
  }
  return Buffer.from(match[1], 'base64');
}

/** The text a QR code image encodes, or undefined when the image cannot be read as one. */
export function payloadOfPng(png: Buffer): string | undefined {
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    return undefined;
  }
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return jsQR(pixels, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data;
}
