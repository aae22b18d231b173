// Helpers of the pairing tests: reading a drawn QR code back, running `pair` while the test acts, profile reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as jsqrModule from 'jsqr';
import type { Options, QRCode } from 'jsqr';
import { PNG } from 'pngjs';
import { runCli } from '../../../src/cli/run.js';
import { post, type Sandbox } from './harness.js';

type Decode = (data: Uint8ClampedArray, width: number, height: number, options?: Options) => QRCode | null;
const loaded: unknown = (jsqrModule as { default: unknown }).default;
const jsQR = (typeof loaded === 'function' ? loaded : (loaded as { default: Decode }).default) as Decode;

/** Half-block characters of a drawing: [top is ink, bottom is ink]. */
const HALVES: Record<string, [boolean, boolean]> = {
  '█': [true, true],
  '▀': [true, false],
  '▄': [false, true],
  ' ': [false, false],
};

/** The colours drawQr sets in every cell of a coloured drawing: black ink on bright white. */
const COLOURED = '\u001b[30;107m';
// eslint-disable-next-line no-control-regex -- terminal escapes are what this removes
const ESCAPES = /\u001b\[[0-9;]*m/g;

/** The lines of `text` that belong to a half-block drawing, colour escapes removed. */
export function drawingLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(ESCAPES, ''))
    .filter((line) => line.length > 10 && /^[█▀▄ ]+$/.test(line));
}

/**
 * Reads a drawing back into rows of pixels (true = light), two rows per text line. The ink of an uncoloured drawing
 * is the terminal's foreground, light on a dark terminal; that of a coloured one is black.
 */
export function lightMatrix(lines: string[], inkIsLight = true): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of lines) {
    const cells = Array.from(line).map((char) => {
      const halves = HALVES[char];
      if (!halves) throw new Error(`not a drawing character: ${JSON.stringify(char)}`);
      return halves;
    });
    rows.push(
      cells.map(([top]) => top === inkIsLight),
      cells.map(([, bottom]) => bottom === inkIsLight),
    );
  }
  return rows;
}

/** Renders a light/dark matrix as RGBA pixels, `scale` pixels a module, inside a margin of the terminal's background. */
export function renderMatrix(
  matrix: boolean[][],
  background: 'light' | 'dark' = 'light',
  scale = 4,
  margin = 4,
): { data: Uint8ClampedArray; width: number; height: number } {
  const columns = Math.max(...matrix.map((row) => row.length));
  const width = (columns + 2 * margin) * scale;
  const height = (matrix.length + 2 * margin) * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const lightAt = (x: number, y: number): boolean =>
    matrix[Math.floor(y / scale) - margin]?.[Math.floor(x / scale) - margin] ?? background === 'light';
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!lightAt(x, y)) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height };
}

/**
 * The text a drawing in `text` scans as on a terminal of the given background, or undefined; inverted codes are not
 * tried (many phone scanners do not). `coloured` for a screen whose escapes were already removed.
 */
export function scanDrawing(
  text: string,
  background: 'light' | 'dark' = 'dark',
  coloured = text.includes(COLOURED),
): string | undefined {
  const image = renderMatrix(lightMatrix(drawingLines(text), !coloured), background);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
}

/** The text a `data:image/png;base64,…` QR code encodes. */
export function scanDataUrl(dataUrl: string): string | undefined {
  return scanPng(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

export function scanPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

export interface LiveRun {
  /** What the command printed so far. */
  output(): { stdout: string; stderr: string };
  done: Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

/** Runs the CLI in-process like `box.run`, but lets the test watch the output while the command is running. */
export function startRun(
  box: Sandbox,
  args: string[],
  options: { tty?: boolean; env?: Record<string, string | undefined> } = {},
): LiveRun {
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(Readable.from([]), { isTTY: false });
  const done = runCli(args, {
    stdin,
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty === true },
    stderr: { write: (s: string) => (stderr += s), isTTY: options.tty === true },
    env: box.env(options.env),
  }).then((exitCode) => ({ exitCode, stdout, stderr }));
  return { output: () => ({ stdout, stderr }), done };
}

export interface StoredProfile {
  appkey?: string;
  devices?: { appkey: string; id: string; name: string }[];
}

/** The sandbox's default profile as stored on disk. */
export function storedProfile(box: Sandbox, name = 'default'): StoredProfile {
  const data = JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8'));
  return data.profiles[name] ?? {};
}

/** Pairs a device straight through the emulator (setup, not under test); returns its id. */
export async function pairedDirectly(
  emulatorUrl: string,
  authkey: string,
  name: string,
  connect = false,
): Promise<string> {
  const paired = await post(`${emulatorUrl}/api/v2/qrcode`, { authkey, setAppkey: name });
  if (paired.status !== 200) throw new Error(`pairing ${name} failed: ${JSON.stringify(paired)}`);
  if (connect) await post(`${emulatorUrl}/__emulator/connect`, { appkey: name });
  const check = await post(`${emulatorUrl}/api/developer`, { authkey, message: name, checkDispositivo: 'true' });
  return (check.dispositivo as { id: string }).id;
}

/** How many devices the account has, asked straight from the emulator. */
export async function deviceCount(emulatorUrl: string, authkey: string): Promise<number> {
  const list = await post(`${emulatorUrl}/api/developer`, { authkey, message: 'false', dispositivos: 'true' });
  return Array.isArray(list.dispositivos) ? list.dispositivos.length : 0;
}
