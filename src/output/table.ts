// Tables for lists (cli-table3), plain when colour is off.
import Table from 'cli-table3';
import type { Output } from './output.js';

/** Renders rows under a header; empty cells show as "—"; keys are masked before the columns are sized. */
export function renderTable(out: Output, head: string[], rows: (string | number | boolean | undefined)[][]): string {
  const table = new Table({
    head: head.map((h) => out.style.bold(h)),
    style: { head: [], border: [] },
  });
  for (const row of rows) table.push(row.map((cell) => (cell === undefined || cell === '' ? '—' : out.redact(String(cell)))));
  return table.toString();
}
