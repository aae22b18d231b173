// Tables for lists (cli-table3), plain when colour is off.
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { redactSecrets } from '../secrets.js';

/** Renders rows under a header; empty cells show as "—"; keys are masked before the columns are sized. */
export function renderTable(style: ChalkInstance, head: string[], rows: (string | number | boolean | undefined)[][]): string {
  const table = new Table({
    head: head.map((h) => style.bold(h)),
    style: { head: [], border: [] },
  });
  for (const row of rows) table.push(row.map((cell) => (cell === undefined || cell === '' ? '—' : redactSecrets(String(cell)))));
  return table.toString();
}
