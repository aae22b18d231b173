// The spill file: the rows the check pass planned to send come back from it exactly as they went in, in order, from a
// file with no name in TMPDIR.
import { mkdtempSync, openSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Spill } from '../../../../src/cli/commands/send/batch/spill.js';
import type { BatchRow } from '../../../../src/cli/commands/send/batch/rows.js';

let tmp: string;
const savedTmpdir = process.env.TMPDIR;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'chatbot-spill-test-'));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  rmSync(tmp, { recursive: true, force: true });
});

const variables = JSON.parse('{"__proto__":"proto","nome":"Zoë 🎉","pedido":"linha 1\\nlinha 2\\t\\"x\\""}') as Record<
  string,
  string
>;

const kinds: BatchRow[] = [
  { line: 2, to: '5581987000001', payload: { message: 'Olá, ção 🎉\r\nsegunda linha\u2028 \\ "aspas"' }, digest: 'a1' },
  { line: 5, to: '120363012345678901@g.us', payload: { variables }, digest: 'b2' },
  {
    line: 9,
    to: '5581987000003',
    payload: { file: 'https://example.com/a/nota.pdf?x=1', fileName: 'nota.pdf', caption: 'Sua nota' },
    digest: 'c3',
  },
  { line: 12, to: '5581987000004', payload: { file: 'https://example.com/b.png', fileName: 'b.png' }, digest: 'd4' },
];

/** This process's open files whose names, under `dir`, were removed ("… (deleted)" on Linux). */
function deletedUnder(dir: string): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(join('/proc/self/fd', fd));
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(dir) && target.endsWith('(deleted)'));
}

describe('Spill', () => {
  it('gives back every kind of row as it went in: text, template variables (a __proto__ key as data), media', () => {
    const spill = Spill.open();
    kinds.forEach((row) => spill.add(row));
    const back = [...spill.rows()];
    spill.close();
    expect(back).toEqual(kinds);
    const template = back[1]?.payload as { variables: Record<string, string> };
    expect(Object.keys(template.variables)).toEqual(['__proto__', 'nome', 'pedido']);
    expect(Object.getPrototypeOf(template.variables)).toBe(Object.prototype);
  });

  it('keeps order and every character over many chunks (multi-byte text split across reads), and can stop early', () => {
    const spill = Spill.open();
    const rows = Array.from({ length: 20_000 }, (_, i): BatchRow => ({
      line: i + 2,
      to: String(5581900000000 + i),
      payload: { message: `${'ç'.repeat(i % 7)}🎉 ${i}` },
      digest: i.toString(16).padStart(16, '0'),
    }));
    rows.forEach((row) => spill.add(row));
    expect([...spill.rows()]).toEqual(rows);
    const firstFew: BatchRow[] = [];
    for (const row of spill.rows()) {
      if (firstFew.push(row) === 3) break;
    }
    expect(firstFew).toEqual(rows.slice(0, 3));
    spill.close();
  });

  it('leaves no file behind in TMPDIR, even while it is open', () => {
    const spill = Spill.open();
    spill.add(kinds[0] as BatchRow);
    expect(readdirSync(tmp)).toEqual([]);
    if (process.platform === 'linux') expect(deletedUnder(tmp)).toHaveLength(1);
    expect([...spill.rows()]).toEqual([kinds[0]]);
    spill.close();
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('gives no rows when none was added', () => {
    const spill = Spill.open();
    expect([...spill.rows()]).toEqual([]);
    spill.close();
  });

  it('refuses, naming TMPDIR and the cause, when the file cannot take every byte (a full disk), instead of losing rows', () => {
    const spill = Spill.open(openSync('/dev/full', 'w'));
    try {
      expect(() => {
        for (let i = 0; i < 5000; i++) spill.add({ ...kinds[0]!, line: i + 2 });
      }).toThrow(
        new RegExp(
          `^Cannot keep the checked rows in a temp file in ${tmp} \\(ENOSPC: no space left on device, write\\) — free some space there, or set TMPDIR`,
        ),
      );
    } finally {
      spill.close();
    }
  });
});
