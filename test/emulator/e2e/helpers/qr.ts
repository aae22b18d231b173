import jsqr from 'jsqr';
import { PNG } from 'pngjs';

/** Decodes the QR code inside a `data:image/png;base64,...` URL; null when no QR code is found. */
export function decodeQrDataUrl(dataUrl: string): string | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) throw new Error(`not a base64 PNG data URL: ${dataUrl.slice(0, 60)}`);
  const png = PNG.sync.read(Buffer.from(match[1], 'base64'));
  // jsqr is CommonJS: its module object carries the decoder as `default`.
  const result = jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height);
  return result ? result.data : null;
}
