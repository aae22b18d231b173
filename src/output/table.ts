// Tables for lists: boxes (cli-table3) on a terminal; tab-separated lines without a header when stdout is not a
// terminal (as gh does), so that `cut -f2`, `awk -F'\t'` and `while read` work.
import Table from 'cli-table3';
import type { Output } from './output.js';

type Cell = string | number | boolean | undefined;

/** Renders rows under a header; empty cells show as "—"; keys are masked before the columns are sized. */
export function renderTable(out: Output, head: string[], rows: Cell[][]): string {
  if (!out.stdoutIsTTY) return rows.map((row) => row.map((cell) => plainCell(out, cell)).join('\t')).join('\n');
  const table = new Table({
    head: head.map((h) => out.style.bold(h)),
    style: { head: [], border: [] },
  });
  for (const row of rows)
    table.push(row.map((cell) => (cell === undefined || cell === '' ? '—' : out.redact(String(cell)))));
  return table.toString();
}

/** A cell of a tab-separated line: empty when absent, tabs and line breaks as spaces. */
function plainCell(out: Output, cell: Cell): string {
  return cell === undefined ? '' : out.redact(String(cell)).replace(/[\t\r\n]+/g, ' ');
}
