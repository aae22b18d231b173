// Draws a QR code in the terminal with half-block characters (two modules per text line).
import qrcodeTerminal from 'qrcode-terminal';

/**
 * The drawing of `payload`; it is re-encoded, so it scans as the same text as the service's image.
 * qrcode-terminal writes one byte per character, so the text goes in as its UTF-8 bytes.
 */
export function drawQr(payload: string): string {
  let drawing = '';
  qrcodeTerminal.generate(Buffer.from(payload, 'utf8').toString('latin1'), { small: true }, (text) => {
    drawing = text;
  });
  return drawing.endsWith('\n') ? drawing : `${drawing}\n`;
}
