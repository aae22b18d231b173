// Batch test inputs: phone numbers that are valid and distinct, CSV and NDJSON files written into a sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The i-th of many distinct valid Brazilian mobile numbers, as digits with the country code. */
export function phoneDigits(i: number): string {
  return `55819${String(87000000 + i).padStart(8, '0')}`;
}

/** Writes `lines` (a header first for CSV) to `name` in `dir` and returns the path. */
export function writeInput(dir: string, name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A CSV of `count` text rows: to,message with "Olá N". */
export function textCsv(dir: string, count: number, name = 'rows.csv'): string {
  const rows = Array.from({ length: count }, (_, i) => `+${phoneDigits(i)},Olá ${i}`);
  return writeInput(dir, name, ['to,message', ...rows]);
}

/** The journal's records, one object per line. */
export function journalRecords(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** How many times each recipient appears among `to` values. */
export function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
