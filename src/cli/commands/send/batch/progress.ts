// Batch progress on stderr: a bar redrawn on a terminal, otherwise a status line every few seconds.
import type { Output } from '../../../../output/output.js';

export interface ProgressCounts {
  total: number;
  sent: number;
  failed: number;
  unknown: number;
}

export interface Progress {
  stop(): void;
}

const STATUS_EVERY_MS = 5000;
const REDRAW_EVERY_MS = 100;
const BAR_WIDTH = 24;

/** Starts reporting `counts()` until stopped; the clock is injectable for tests. */
export function startProgress(out: Output, counts: () => ProgressCounts, now = () => performance.now()): Progress {
  const started = now();
  const text = () => describe(counts(), (now() - started) / 1000);
  const bar = out.progressBar(() => `${drawBar(counts())} ${text()}`, REDRAW_EVERY_MS);
  if (bar) return bar;
  const timer = setInterval(() => out.notice(`Batch: ${text()}`), STATUS_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** "1200/10000 · 410/s · ETA 21 s · 3 failed" */
export function describe(counts: ProgressCounts, elapsedSeconds: number): string {
  const done = counts.sent + counts.failed + counts.unknown;
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const parts = [`${done}/${counts.total}`, `${perSecond(rate)}/s`];
  if (rate > 0 && done < counts.total) parts.push(`ETA ${duration((counts.total - done) / rate)}`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.unknown > 0) parts.push(`${counts.unknown} unknown`);
  return parts.join(' · ');
}

/** A rate as people read it: whole numbers from 10 up, one decimal below ("0.5"). */
export function perSecond(rate: number): string {
  return rate >= 10 ? String(Math.round(rate)) : String(Math.round(rate * 10) / 10);
}

/** A whole number of seconds as "42 s", "3 min 5 s" or "1 h 2 min". */
export function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function drawBar(counts: ProgressCounts): string {
  const done = counts.sent + counts.failed + counts.unknown;
  const filled = counts.total === 0 ? BAR_WIDTH : Math.round((done / counts.total) * BAR_WIDTH);
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
}
