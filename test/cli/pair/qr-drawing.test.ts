// The QR code drawn in the terminal scans as the same text as the service's PNG.
import fc from 'fast-check';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../../src/errors.js';
import { drawQr, QUIET_ZONE } from '../../../src/cli/commands/pair/qr/draw.js';
import { payloadOfPng, pngFromDataUrl } from '../../../src/cli/commands/pair/qr/png-payload.js';
import { drawingLines, lightMatrix, scanDrawing } from '../support/pairing.js';

/** A pairing reference shaped like the network's: ref,publicKey,identityKey,advSecret. */
const NETWORK_LIKE =
  '2@Xf3kPq9vL0aZ+8uYw1rT5sN6mB4cE7dG2hJ0kQ==,oP3r5T7v9X1z3B5d7F9h1J3l5N7p9R1t3V5x7Z9b1D0=,' +
  'aC2e4G6i8K0m2O4q6S8u0W2y4A6c8E0g2I4k6M8o0Q4=,Zy8Xw6Vu4Ts2Rq0Po8Nm6Lk4Ji2Hg0Fe8Dc6Ba4Yz2w=';

describe('terminal QR drawing', () => {
  it.each([
    ['an emulator pairing reference', 'chatbot-emulator:pair:dev_0123456789abcdef:0123456789abcdef0123456789abcdef'],
    ['a network-sized payload', NETWORK_LIKE],
  ])("draws %s so that it scans back as the PNG's payload", async (_what, text) => {
    const dataUrl = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
    const payload = payloadOfPng(pngFromDataUrl(dataUrl));
    expect(payload).toBe(text);
    expect(scanDrawing(drawQr(payload as string, true), 'light')).toBe(text);
    expect(scanDrawing(drawQr(payload as string, false), 'dark')).toBe(text);
  });

  it('in colour, sets black on white in every cell and draws its quiet zone: it scans on light and dark terminals alike', () => {
    const text = 'chatbot-emulator:pair:dev_0123456789abcdef:0123456789abcdef0123456789abcdef';
    const drawing = drawQr(text, true);
    expect(
      drawing
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('\u001b[30;107m') && line.endsWith('\u001b[0m')),
    ).toBe(true);
    const lines = drawingLines(drawing);
    const quiet = QUIET_ZONE / 2;
    for (const line of [...lines.slice(0, quiet), ...lines.slice(-quiet)]) expect(line.trim()).toBe('');
    for (const line of lines) expect(line.slice(0, quiet) + line.slice(-quiet)).toBe(' '.repeat(2 * quiet));
    expect(scanDrawing(drawing, 'light')).toBe(text);
    expect(scanDrawing(drawing, 'dark')).toBe(text);
  });

  it('uses only half blocks, two modules a line, in a square', () => {
    const lines = drawingLines(drawQr('hello', false));
    const matrix = lightMatrix(lines);
    expect(lines.length).toBeGreaterThan(10);
    expect(new Set(lines.map((line) => Array.from(line).length)).size).toBe(1);
    expect(Math.abs(matrix.length - Array.from(lines[0] ?? '').length)).toBeLessThanOrEqual(2);
  });

  it('any text, including non-ASCII, scans back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }), fc.boolean(), (text, colour) => {
        expect(scanDrawing(drawQr(text, colour), colour ? 'light' : 'dark')).toBe(text);
      }),
      { numRuns: 40 },
    );
  });
});

describe('reading the service PNG', () => {
  it('rejects a qrcode that is not a PNG data URL', () => {
    expect(() => pngFromDataUrl('data:image/jpeg;base64,AAAA')).toThrow(MalformedResponse);
    expect(() => pngFromDataUrl('https://example.com/qr.png')).toThrow(/not a PNG data URL/);
  });

  it('also takes bare base64 of a PNG', async () => {
    const dataUrl = await QRCode.toDataURL('bare');
    expect(payloadOfPng(pngFromDataUrl(dataUrl.replace('data:image/png;base64,', '')))).toBe('bare');
  });

  it('gives undefined for bytes that are not a PNG, and for a PNG without a QR code', () => {
    expect(payloadOfPng(Buffer.from('not a png'))).toBeUndefined();
    const blank = new PNG({ width: 40, height: 40 });
    blank.data.fill(255);
    expect(payloadOfPng(PNG.sync.write(blank))).toBeUndefined();
  });
});
