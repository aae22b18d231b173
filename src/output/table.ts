// Tables for lists: boxes (cli-table3) on a terminal; tab-separated lines without a header when stdout is not a
// terminal (as gh does), so that `cut -f2`, `awk -F'\t'` and `while read` work.
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { redactSecrets } from '../secrets.js';

type Cell = string | number | boolean | undefined;

export interface TableTarget {
  style: ChalkInstance;
  stdoutIsTTY: boolean;
}

/** Renders rows under a header; keys are masked before the columns are sized. */
export function renderTable(out: TableTarget, head: string[], rows: Cell[][]): string {
  if (!out.stdoutIsTTY) return rows.map((row) => row.map(plainCell).join('\t')).join('\n');
  const table = new Table({
    head: head.map((h) => out.style.bold(h)),
    style: { head: [], border: [] },
  });
  for (const row of rows) table.push(row.map((cell) => (cell === undefined || cell === '' ? '—' : redactSecrets(String(cell)))));
  return table.toString();
}

/** A cell of a tab-separated line: empty when absent, tabs and line breaks as spaces. */
function plainCell(cell: Cell): string {
  return cell === undefined ? '' : redactSecrets(String(cell)).replace(/[\t\r\n]+/g, ' ');
}
