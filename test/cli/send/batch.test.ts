// send text|template --batch in-process against the emulator: full sends, validation, journal and resume.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { useDeviceSandbox } from '../support/device-sandbox.js';
import { countBy, journalRecords, phoneDigits, textCsv, writeInput } from './batch-helpers.js';
import type { BatchSummary } from '../../../src/cli/commands/send/batch/summary.js';

const t = useDeviceSandbox();

describe('send text --batch', () => {
  it('sends all 500 rows of a CSV, each once with its own message, and prints only the summary on stdout', async () => {
    const file = textCsv(t.dev.box.home, 500);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--concurrency', '8']);
    // A run longer than 5 s prints status lines (`Batch: 228/500 · …`) on stderr when it is not a terminal; nothing else.
    expect(result.stderr.replace(/^Batch: \d+\/500 .*\n/gm, '')).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Batch of 500 rows from .*rows\.csv: 500 sent, 0 failed/);
    const sent = await t.dev.outbox();
    expect(sent).toHaveLength(500);
    const byRecipient = new Map(sent.map((m) => [m.to, m.content.message]));
    for (let i = 0; i < 500; i++) expect(byRecipient.get(phoneDigits(i))).toBe(`Olá ${i}`);
    const records = journalRecords(`${file}.journal`);
    expect(records.filter((r) => r.state === 'sent')).toHaveLength(500);
  });

  it('sends every row of an NDJSON file, with numbers and keys in any case, and --json prints one summary document', async () => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ To: Number(phoneDigits(i)), Message: `Oi ${i}` }),
    );
    const file = writeInput(t.dev.box.home, 'rows.ndjson', rows);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--json']);
    expect(result.exitCode).toBe(0);
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(summary).toMatchObject({
      rows: 40,
      sent: 40,
      alreadySent: 0,
      failed: { count: 0 },
      unknown: { count: 0 },
      stopped: 'done',
    });
    expect(countBy((await t.dev.outbox()).map((m) => m.to)).size).toBe(40);
  });

  it('lists invalid rows with their line numbers and sends nothing (exit 2)', async () => {
    const file = writeInput(t.dev.box.home, 'bad.csv', [
      'to;message',
      '+5581987000001;Olá',
      'not-a-phone;Olá',
      '+5581987000003;',
      '"+5581987000004";"várias',
      'linhas"',
      '+5581987000005;a;b',
      '+5581987000006;fim',
    ]);
    const result = await t.dev.run(['send', 'text', '--batch', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/3 rows are invalid, so nothing was sent/);
    expect(result.stderr).toMatch(/line 3: "to" must be a phone number/);
    expect(result.stderr).toMatch(/line 4: has an empty message/);
    expect(result.stderr).toMatch(/line 7: has 3 fields but the header has 2/);
    expect(result.stderr).not.toMatch(/line [2568]:/);
    expect(await t.dev.outbox()).toEqual([]);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });

  it('--skip-invalid sends the valid rows, lists the skipped ones and exits 6', async () => {
    const file = writeInput(t.dev.box.home, 'some-bad.csv', [
      'to,message',
      `+${phoneDigits(1)},a`,
      'x,b',
      `+${phoneDigits(2)},c`,
    ]);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--skip-invalid']);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toMatch(/2 sent, 0 failed, 1 skipped/);
    expect(result.stdout).toMatch(/line 3: "to" must be a phone number/);
    expect(result.stderr).toMatch(/Not every row was sent \(1 skipped as invalid\)/);
    expect((await t.dev.outbox()).map((m) => m.to).sort()).toEqual([phoneDigits(1), phoneDigits(2)]);
  });

  it("groups the service's refusals by reason with their lines, and exits 6", async () => {
    const file = writeInput(t.dev.box.home, 'mixed.csv', [
      'to,message',
      `+${phoneDigits(1)},a`,
      'someone@example.com,b',
      `+${phoneDigits(2)},c`,
      'other@example.com,d',
    ]);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--json']);
    expect(result.exitCode).toBe(6);
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(summary.sent).toBe(2);
    expect(summary.failed.count).toBe(2);
    expect(summary.failed.reasons).toHaveLength(1);
    expect(summary.failed.reasons[0]).toMatchObject({ status: 401, count: 2, lines: [3, 5] });
    expect(JSON.parse(result.stderr).error.exitCode).toBe(6);
  });

  it('--message gives the text of rows without one', async () => {
    const file = writeInput(t.dev.box.home, 'numbers.csv', [
      'to,name',
      `+${phoneDigits(1)},Ana`,
      `+${phoneDigits(2)},Bia`,
    ]);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--message', 'Promoção!']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/column name not used by send text; ignored/);
    expect((await t.dev.outbox()).map((m) => m.content.message)).toEqual(['Promoção!', 'Promoção!']);
  });

  it('reads rows from stdin with --format and --journal, and refuses stdin without a journal', async () => {
    const journal = join(t.dev.box.home, 'stdin.journal');
    const input = `{"to":"+${phoneDigits(7)}","message":"via stdin"}\n`;
    const refused = await t.dev.run(['send', 'text', '--batch', '-', '--format', 'ndjson'], { input });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/stdin need --journal PATH/);
    const result = await t.dev.run(['send', 'text', '--batch', '-', '--format', 'ndjson', '--journal', journal], {
      input,
    });
    expect(result.exitCode).toBe(0);
    expect((await t.dev.onlySent()).content.message).toBe('via stdin');
  });

  it('refuses a file that is not UTF-8, naming the line and how to save it, and sends nothing', async () => {
    const file = join(t.dev.box.home, 'excel.csv');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`to,message\n+${phoneDigits(1)},ok\n+${phoneDigits(2)},Ol`),
        Buffer.from([0xe1]),
        Buffer.from(' promo\n'),
      ]),
    );
    const result = await t.dev.run(['send', 'text', '--batch', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /excel\.csv is not UTF-8 text \(line 3 is not\) — save it as UTF-8 \(in Excel: Save As › "CSV UTF-8"\)/,
    );
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('refuses --to with --batch, batch flags without --batch, and a file of unknown format', async () => {
    const file = textCsv(t.dev.box.home, 2);
    expect((await t.dev.run(['send', 'text', '--batch', file, '--to', '+5581987000001'])).stderr).toMatch(
      /--to does not apply with --batch/,
    );
    expect((await t.dev.run(['send', 'text', '--to', '+5581987000001', '-m', 'x', '--resume'])).stderr).toMatch(
      /--resume only apply with --batch/,
    );
    const txt = writeInput(t.dev.box.home, 'rows.txt', ['to,message']);
    const unknown = await t.dev.run(['send', 'text', '--batch', txt]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/add --format csv or --format ndjson/);
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('--dry-run checks every row and prints the first request, sending nothing and writing no journal', async () => {
    const file = textCsv(t.dev.box.home, 3);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--dry-run']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/Dry run: 3 rows would be sent \(0 already sent, 0 unknown\); the first request:/);
    expect(result.stdout).toContain(phoneDigits(0));
    expect(result.stdout).not.toContain(t.dev.appkey);
    expect(await t.dev.outbox()).toEqual([]);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });
});

describe('the journal and --resume', () => {
  it('a second run without --resume is refused; with --resume it sends nothing again and exits 0', async () => {
    const file = textCsv(t.dev.box.home, 5);
    expect((await t.dev.run(['send', 'text', '--batch', file])).exitCode).toBe(0);
    const again = await t.dev.run(['send', 'text', '--batch', file]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/already records 5 rows of an earlier run \(5 sent\) — add --resume/);
    const resumed = await t.dev.run(['send', 'text', '--batch', file, '--resume']);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout).toMatch(/0 sent, 5 already sent, 0 failed/);
    expect(await t.dev.outbox()).toHaveLength(5);
  });

  it('--resume tries again the rows that failed, and only those', async () => {
    const file = writeInput(t.dev.box.home, 'fix.csv', ['to,message', `+${phoneDigits(1)},a`, 'someone@example.com,b']);
    expect((await t.dev.run(['send', 'text', '--batch', file])).exitCode).toBe(6);
    const resumed = await t.dev.run(['send', 'text', '--batch', file, '--resume', '--json']);
    const summary = JSON.parse(resumed.stdout) as BatchSummary;
    expect(summary).toMatchObject({ sent: 0, alreadySent: 1, failed: { count: 1 } });
    expect(summary.failed.reasons[0]?.lines).toEqual([3]);
  });

  it('refuses to resume when a journalled line now says something else', async () => {
    const file = textCsv(t.dev.box.home, 3);
    expect((await t.dev.run(['send', 'text', '--batch', file])).exitCode).toBe(0);
    writeInput(t.dev.box.home, 'rows.csv', [
      'to,message',
      `+${phoneDigits(0)},Olá 0`,
      `+${phoneDigits(1)},changed`,
      `+${phoneDigits(2)},Olá 2`,
    ]);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--resume']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/input changed since the journal .* was written: line 3 now says something else/);
    expect(await t.dev.outbox()).toHaveLength(3);
  });

  it('rows an earlier run left in flight are reported unknown and not sent, unless --resend-unknown', async () => {
    const file = textCsv(t.dev.box.home, 3);
    expect((await t.dev.run(['send', 'text', '--batch', file])).exitCode).toBe(0);
    const journal = `${file}.journal`;
    const crashed = readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => !/"line":3,"state":"sent"/.test(line));
    writeFileSync(journal, crashed.join('\n'));
    const result = await t.dev.run(['send', 'text', '--batch', file, '--resume', '--json']);
    expect(result.exitCode).toBe(6);
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(summary).toMatchObject({
      sent: 0,
      alreadySent: 2,
      unknown: { count: 1, rows: [{ line: 3, to: phoneDigits(1) }] },
    });
    expect(await t.dev.outbox()).toHaveLength(3);
    const resent = await t.dev.run(['send', 'text', '--batch', file, '--resume', '--resend-unknown']);
    expect(resent.exitCode).toBe(0);
    expect(resent.stdout).toMatch(/1 sent, 2 already sent/);
    expect(countBy((await t.dev.outbox()).map((m) => m.to)).get(phoneDigits(1))).toBe(2);
  });

  it('--resume without a journal is refused instead of sending everything again', async () => {
    const file = textCsv(t.dev.box.home, 2);
    const result = await t.dev.run(['send', 'text', '--batch', file, '--resume']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/rows\.csv\.journal does not exist, so there is nothing to resume/);
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('the journal file is private (0600)', async () => {
    const file = textCsv(t.dev.box.home, 1);
    await t.dev.run(['send', 'text', '--batch', file]);
    expect(statSync(`${file}.journal`).mode & 0o777).toBe(0o600);
  });
});

describe('send template --batch', () => {
  async function template(): Promise<string> {
    const created = await post(`${t.emulator.url}/__emulator/templates`, {
      authkey: t.dev.authkey,
      texto: 'Olá {{nome}}, pedido {{pedido}}',
    });
    return String(created.template_id);
  }

  it("fills each row's variables from its columns, with --var for a value every row shares", async () => {
    const id = await template();
    const file = writeInput(t.dev.box.home, 'pedidos.csv', [
      'to,nome',
      `+${phoneDigits(1)},Ana`,
      `+${phoneDigits(2)},Bia`,
    ]);
    const result = await t.dev.run(['send', 'template', '--batch', file, '--template', id, '--var', 'pedido=42']);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.outbox();
    expect(sent.map((m) => JSON.stringify(m.content))).toEqual([
      expect.stringContaining('Olá Ana, pedido 42'),
      expect.stringContaining('Olá Bia, pedido 42'),
    ]);
  });

  it('stops when the first 20 rows all fail the same way, and --resume with the cause fixed sends every row once', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `+${phoneDigits(i)},N${i}`);
    const file = writeInput(t.dev.box.home, 'muitos.csv', ['to,nome', ...rows]);
    const result = await t.dev.run([
      'send',
      'template',
      '--batch',
      file,
      '--template',
      'nao-existe',
      '--var',
      'pedido=1',
      '--json',
    ]);
    expect(result.exitCode).toBe(6);
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(summary).toMatchObject({ stopped: 'failing', sent: 0 });
    expect(summary.failed.count + summary.notAttempted).toBe(30);
    expect(summary.notAttempted).toBeGreaterThan(0);
    expect(JSON.parse(result.stderr).error.message).toMatch(
      /^Stopped: the first \d+ rows all failed with 404 Template não encontrado\. \(template not found — check the template id\) and none was sent/,
    );
    const fixed = await t.dev.run([
      'send',
      'template',
      '--batch',
      file,
      '--template',
      await template(),
      '--var',
      'pedido=1',
      '--resume',
    ]);
    expect(fixed.exitCode).toBe(0);
    expect(countBy((await t.dev.outbox()).map((m) => m.to)).size).toBe(30);
  });

  it('a row missing a variable is invalid: nothing is sent', async () => {
    const id = await template();
    const file = writeInput(t.dev.box.home, 'pedidos.ndjson', [
      JSON.stringify({ to: `+${phoneDigits(1)}`, nome: 'Ana', pedido: '1' }),
      JSON.stringify({ to: `+${phoneDigits(2)}`, nome: 'Bia' }),
    ]);
    const result = await t.dev.run(['send', 'template', '--batch', file, '--template', id]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/line 2: is missing template variable pedido/);
    expect(await t.dev.outbox()).toEqual([]);
  });

  it("an unknown template fails every row with the service's 404 text; --resume with the right one sends them", async () => {
    const file = writeInput(t.dev.box.home, 'pedidos.csv', [
      'to,nome',
      `+${phoneDigits(1)},Ana`,
      `+${phoneDigits(2)},Bia`,
    ]);
    const result = await t.dev.run([
      'send',
      'template',
      '--batch',
      file,
      '--template',
      'nao-existe',
      '--var',
      'pedido=1',
    ]);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toMatch(
      /2 × 404 Template não encontrado\. \(template not found — check the template id\) \(lines 2, 3\)/,
    );
    expect(result.stderr).toMatch(/fix the cause of the failures and run the same command with --resume/);
    const id = await template();
    const fixed = await t.dev.run([
      'send',
      'template',
      '--batch',
      file,
      '--template',
      id,
      '--var',
      'pedido=1',
      '--resume',
    ]);
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stdout).toMatch(/2 sent/);
    expect(await t.dev.outbox()).toHaveLength(2);
  });
});
