// Draws a QR code in the terminal with half-block characters (two modules per text line), inside its quiet zone.
import QRCode from 'qrcode';

/** The light margin the QR specification requires around the code, in modules. */
export const QUIET_ZONE = 4;
/** Black on bright white, set in every cell: the code looks the same on light and dark terminals. */
const COLOURS = '\u001b[30;107m';
const RESET = '\u001b[0m';

/** A half block per pair of rows: [top, bottom] → character, where the character's ink is the `ink` modules. */
function cell(top: boolean, bottom: boolean): string {
  if (top && bottom) return '█';
  if (top) return '▀';
  return bottom ? '▄' : ' ';
}

/**
 * The drawing of `payload` (re-encoded, so it scans as the same text as the service's image). With `colour`, the
 * ink is the dark modules, black on white in every cell, whatever the terminal's background. Without colour (a pipe,
 * NO_COLOR) the ink is the light modules, which scans on the usual dark terminal background.
 */
export function drawQr(payload: string, colour: boolean): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size + 2 * QUIET_ZONE;
  const dark = (row: number, column: number): boolean => {
    const r = row - QUIET_ZONE;
    const c = column - QUIET_ZONE;
    return r >= 0 && c >= 0 && r < modules.size && c < modules.size && modules.get(r, c) === 1;
  };
  const ink = (row: number, column: number): boolean => row < size && dark(row, column) === colour;
  const lines: string[] = [];
  for (let row = 0; row < size; row += 2) {
    const text = Array.from({ length: size }, (_, column) => cell(ink(row, column), ink(row + 1, column))).join('');
    lines.push(colour ? `${COLOURS}${text}${RESET}` : text);
  }
  return `${lines.join('\n')}\n`;
}
