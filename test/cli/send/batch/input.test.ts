// Batch input parsing and row checks: line numbers, separators, encodings, and every kind of bad row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../src/cli/commands/send/batch/parse.js';
import { checkRows, parseRows } from './whole-input.js';

const noDefaults = { variables: {}, context: '' };

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

describe('parseRows (CSV)', () => {
  it('gives each record the line it starts on, across quoted newlines and blank lines, and keeps fields whole', async () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ',', '"', '\n', '😀', ';'), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(field, field, fc.nat(2)), { minLength: 1, maxLength: 20 }),
        async (records) => {
          let text = 'to,message\n';
          let line = 2;
          const expected: { line: number; to: string; message: string }[] = [];
          for (const [to, message, blanks] of records) {
            if (to === '' && message === '') continue;
            text += '\n'.repeat(blanks);
            line += blanks;
            expected.push({ line, to, message });
            const written = `${csvField(to)},${csvField(message)}\n`;
            text += written;
            line += (written.match(/\n/g) ?? []).length;
          }
          const parsed = await parseRows(text, 'csv');
          expect(
            parsed.rows.map((r) => ({ line: r.line, to: r.fields.get('to'), message: r.fields.get('message') })),
          ).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads semicolon and tab separated files, a BOM and CRLF line ends', async () => {
    const semicolon = await parseRows('\uFEFFto;message\r\n+5581987000001;Olá, tudo bem?\r\n', 'csv');
    expect(semicolon.columns).toEqual(['to', 'message']);
    expect(semicolon.rows[0]?.fields.get('message')).toBe('Olá, tudo bem?');
    const tab = await parseRows('to\tmessage\n+5581987000001\toi\n', 'csv');
    expect(tab.rows[0]?.fields.get('message')).toBe('oi');
  });

  it('marks a record with a different number of fields as a row problem', async () => {
    const parsed = await parseRows('to,message\na,b,c\nd\n', 'csv');
    expect(parsed.rows.map((r) => r.problem)).toEqual([
      'has 3 fields but the header has 2 (to,message)',
      'has 1 fields but the header has 2 (to,message)',
    ]);
  });

  it('refuses an empty or repeated header column and unreadable quoting, naming the fix', async () => {
    await expect(parseRows('to,,message\n', 'csv')).rejects.toThrow(/empty column name/);
    await expect(parseRows('to,To2,to\n', 'csv')).rejects.toThrow(/names "to" twice/);
    await expect(parseRows('to,message\n"never closed,c\n', 'csv')).rejects.toThrow(
      /The CSV cannot be read: .*nothing was sent/,
    );
    await expect(parseRows('', 'csv')).rejects.toThrow(/no header line/);
  });

  it('reads what spreadsheets write: a sep= line, padded rows and header, quotes inside unquoted fields', async () => {
    const parsed = await parseRows('sep=;\nto;message;;\n+5581987000001;diga "xis";;\n+5581987000002;oi\n', 'csv');
    expect(parsed.columns).toEqual(['to', 'message']);
    expect(parsed.rows.map((r) => [r.line, r.fields.get('message'), r.problem])).toEqual([
      [3, 'diga "xis"', undefined],
      [4, 'oi', undefined],
    ]);
    const extra = await parseRows('to,message\n+5581987000001,oi,sobra\n', 'csv');
    expect(extra.rows[0]?.problem).toBe('has 3 fields but the header has 2 (to,message)');
  });

  it('keeps a __proto__ column as plain data', async () => {
    const parsed = await parseRows('to,__proto__\n+5581987000001,x\n', 'csv');
    expect(parsed.rows[0]?.fields.get('__proto__')).toBe('x');
  });
});

describe('parseRows (NDJSON)', () => {
  it('numbers lines as in the file, skipping blank lines, and reports broken lines as row problems', async () => {
    const parsed = await parseRows(
      '{"to":"1","message":"a"}\n\n[1]\nnot json\n{"to":true}\n{"to":5581,"message":null}\n',
      'ndjson',
    );
    expect(parsed.rows.map((r) => [r.line, r.problem ?? 'ok'])).toEqual([
      [1, 'ok'],
      [3, 'must be a JSON object such as {"to":"+5581989769960","message":"Olá"}'],
      [4, expect.stringMatching(/^is not valid JSON/)],
      [5, 'has "to" that is not a string or a number'],
      [6, 'ok'],
    ]);
    expect(parsed.rows[4]?.fields.get('to')).toBe('5581');
  });
});

describe('checkRows on NDJSON', () => {
  it('reads "to" and "message" whatever the case of each row\'s keys', async () => {
    const input = await parseRows(
      '{"to":"+5581987000001","message":"a"}\n{"To":"+5581987000002","MESSAGE":"b"}\n',
      'ndjson',
    );
    const checked = checkRows('text', input, noDefaults);
    expect(checked.invalid).toEqual([]);
    expect(checked.valid.map((r) => r.payload)).toEqual([{ message: 'a' }, { message: 'b' }]);
  });
});

describe('detectFormat', () => {
  it('uses --format, else the extension; stdin and other names need --format', () => {
    expect(detectFormat('a.CSV', undefined)).toBe('csv');
    expect(detectFormat('a.jsonl', undefined)).toBe('ndjson');
    expect(detectFormat('-', 'NDJSON')).toBe('ndjson');
    expect(() => detectFormat('-', undefined)).toThrow(/Cannot tell the format of stdin/);
    expect(() => detectFormat('a.csv', 'xml')).toThrow(/--format must be csv or ndjson/);
  });
});

describe('checkRows', () => {
  it('normalises recipients, accepts group ids, and reports empty or bad recipients by line', async () => {
    const input = await parseRows('to,message\n+55 81 98700-0001,a\n120363012345678901@g.us,b\n,c\n12,d\n', 'csv');
    const checked = checkRows('text', input, noDefaults);
    expect(checked.valid.map((r) => r.to)).toEqual(['5581987000001', '120363012345678901@g.us']);
    expect(checked.invalid).toEqual([
      { line: 4, reason: 'has no recipient in "to"' },
      { line: 5, reason: expect.stringMatching(/^"to" must be a phone number/) },
    ]);
  });

  it('needs a to column, and a message column or --message for text', async () => {
    expect(() =>
      checkRows('text', { format: 'csv', columns: ['phone'], rows: [{ line: 2, fields: new Map() }] }, noDefaults),
    ).toThrow(/has no "to" column/);
    const numbers = await parseRows('to\n+5581987000001\n', 'csv');
    expect(() => checkRows('text', numbers, noDefaults)).toThrow(
      /no "message" column — add one, or give one text for every row with --message/,
    );
    expect(checkRows('text', numbers, { ...noDefaults, message: 'oi' }).valid[0]?.payload).toEqual({ message: 'oi' });
  });

  it('collects template variables from the other columns, with --var filling only empty ones', async () => {
    const input = await parseRows('to,nome,pedido\n+5581987000001,Ana,\n+5581987000002,,7\n', 'csv');
    const checked = checkRows('template', input, { variables: { pedido: '1' }, context: 'tpl' });
    expect(checked.valid[0]?.payload).toEqual({ variables: { nome: 'Ana', pedido: '1' } });
    expect(checked.invalid).toEqual([{ line: 3, reason: 'is missing template variable nome' }]);
  });

  it('notes lines that repeat an earlier line, and digests differ when the template differs', async () => {
    const input = await parseRows('to,message\n+5581987000001,a\n+5581987000002,a\n5581987000001,a\n', 'csv');
    expect(checkRows('text', input, noDefaults).repeats).toEqual([{ line: 4, firstLine: 2 }]);
    const one = checkRows('template', await parseRows('to,x\n+5581987000001,a\n', 'csv'), {
      variables: {},
      context: 'a',
    });
    const two = checkRows('template', await parseRows('to,x\n+5581987000001,a\n', 'csv'), {
      variables: {},
      context: 'b',
    });
    expect(one.valid[0]?.digest).not.toBe(two.valid[0]?.digest);
  });
});
