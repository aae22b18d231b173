// Inline SVG charts as markup: no script, no library, no network; each chart is an <svg> with a title and its axes'
// extremes written out, so that it reads the same printed or offline. The load run's HTML report (`chatbot test
// --load --report`) and the console's Load view draw the same charts with them (load-charts.ts).

export interface Series {
  name: string;
  color: string;
  /** [x, y] points; a null y leaves a gap. */
  points: readonly (readonly [number, number | null])[];
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function scale(domainMax: number, size: number, flip: boolean, offset: number): (v: number) => number {
  const max = domainMax <= 0 ? 1 : domainMax;
  return (value) => {
    const ratio = value / max;
    return Math.round((flip ? offset + size - ratio * size : offset + ratio * size) * 10) / 10;
  };
}

function frame(label: string, yLabel: string, xLabel: string, yMax: string, xMax: string, body: string): string {
  const bottom = HEIGHT - PAD.bottom;
  return [
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">`,
    `<title>${escapeHtml(label)}</title>`,
    `<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${bottom}" class="axis"/>`,
    `<line x1="${PAD.left}" y1="${bottom}" x2="${WIDTH - PAD.right}" y2="${bottom}" class="axis"/>`,
    `<text x="${PAD.left - 6}" y="${PAD.top + 10}" text-anchor="end" class="tick">${escapeHtml(yMax)}</text>`,
    `<text x="${PAD.left - 6}" y="${bottom}" text-anchor="end" class="tick">0</text>`,
    `<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end" class="tick">${escapeHtml(xMax)}</text>`,
    `<text x="${PAD.left}" y="${HEIGHT - 8}" class="tick">${escapeHtml(xLabel)}</text>`,
    `<text x="12" y="${PAD.top + (bottom - PAD.top) / 2}" transform="rotate(-90 12 ${PAD.top + (bottom - PAD.top) / 2})" text-anchor="middle" class="tick">${escapeHtml(yLabel)}</text>`,
    body,
    '</svg>',
  ].join('\n');
}

function polylines(series: readonly Series[], x: (v: number) => number, y: (v: number) => number): string {
  return series
    .map((one) => {
      const runs: string[][] = [[]];
      for (const [px, py] of one.points) {
        if (py === null) runs.push([]);
        else runs.at(-1)?.push(`${x(px)},${y(py)}`);
      }
      return runs
        .filter((run) => run.length > 0)
        .map(
          (run) =>
            `<polyline data-series="${escapeHtml(one.name)}" points="${run.join(' ')}" fill="none" stroke="${one.color}" stroke-width="2"/>`,
        )
        .join('\n');
    })
    .join('\n');
}

/** Lines over a shared x axis (seconds of the run). */
export function lineChart(
  label: string,
  yLabel: string,
  series: readonly Series[],
  format: (v: number) => string,
): string {
  const xs = series.flatMap((one) => one.points.map(([px]) => px));
  const ys = series.flatMap((one) => one.points.map(([, py]) => py ?? 0));
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(0, ...ys);
  const x = scale(xMax, WIDTH - PAD.left - PAD.right, false, PAD.left);
  const y = scale(yMax, HEIGHT - PAD.top - PAD.bottom, true, PAD.top);
  const legend = series
    .map(
      (one, i) =>
        `<text x="${PAD.left + 10 + i * 110}" y="${PAD.top + 10}" fill="${one.color}" class="legend">${escapeHtml(one.name)}</text>`,
    )
    .join('\n');
  return frame(label, yLabel, 'seconds of the run', format(yMax), `${xMax} s`, `${polylines(series, x, y)}\n${legend}`);
}

/** Vertical bars, one per labelled value. */
export function barChart(
  label: string,
  yLabel: string,
  bars: readonly { label: string; value: number }[],
  color: string,
): string {
  const yMax = Math.max(0, ...bars.map((bar) => bar.value));
  const inner = WIDTH - PAD.left - PAD.right;
  const width = bars.length === 0 ? 0 : inner / bars.length;
  const y = scale(yMax, HEIGHT - PAD.top - PAD.bottom, true, PAD.top);
  const bottom = HEIGHT - PAD.bottom;
  const rects = bars
    .map((bar, i) => {
      const top = y(bar.value);
      const x = Math.round((PAD.left + i * width + 1) * 10) / 10;
      return `<rect data-bar="${escapeHtml(bar.label)}" x="${x}" y="${top}" width="${Math.max(1, width - 2).toFixed(1)}" height="${(bottom - top).toFixed(1)}" fill="${color}"><title>${escapeHtml(`${bar.label}: ${bar.value}`)}</title></rect>`;
    })
    .join('\n');
  const first = bars[0]?.label ?? '';
  const last = bars.at(-1)?.label ?? '';
  return frame(label, yLabel, first, String(yMax), last, rects);
}
