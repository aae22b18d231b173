// send media and send reply (real-service operations) end to end against the emulator.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LOCAL_MEDIA_BYTES } from '../../../src/cli/commands/send/media-file.js';
import { PHONE, PHONE_DIGITS, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

const dir = mkdtempSync(join(tmpdir(), 'chatbot-media-'));

describe('send media [extension]', () => {
  it("sends a URL as the service expects, with caption and the URL's file name", async () => {
    const result = await t.dev.run([
      'send',
      'media',
      '--to',
      PHONE,
      '--file',
      'https://example.com/docs/nota.pdf',
      '--caption',
      'Sua nota',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Media nota.pdf sent to ${PHONE_DIGITS}`);
    expect(await t.dev.onlySent()).toMatchObject({
      kind: 'media',
      id: idInLine(result.stdout),
      content: {
        mediaType: 'document',
        file: 'https://example.com/docs/nota.pdf',
        fileName: 'nota.pdf',
        caption: 'Sua nota',
      },
    });
  });

  it('sends a local file as base64, with --filename', async () => {
    const path = join(dir, 'foto.jpg');
    writeFileSync(path, Buffer.alloc(2048, 7));
    const result = await t.dev.run(['send', 'media', '--to', PHONE, '--file', path, '--filename', 'vitrine.jpg']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await t.dev.onlySent()).content).toEqual({ mediaType: 'image', fileName: 'vitrine.jpg', size: 2048 });
  });

  it('refuses a missing file and a file over the limit with exit 2, a clear error, and nothing sent', async () => {
    const missing = await t.dev.run(['send', 'media', '--to', PHONE, '--file', join(dir, 'nao-existe.pdf')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      'no such file or not readable — give an http(s) URL or the path of a readable file',
    );
    const big = join(dir, 'grande.mp4');
    writeFileSync(big, Buffer.alloc(MAX_LOCAL_MEDIA_BYTES + 1));
    const tooLarge = await t.dev.run(['send', 'media', '--to', PHONE, '--file', big]);
    expect(tooLarge.exitCode).toBe(2);
    expect(tooLarge.stderr).toContain('can be at most 700 KiB — put it at an http(s) URL and pass that');
    const ftp = await t.dev.run(['send', 'media', '--to', PHONE, '--file', 'ftp://example.com/a.pdf']);
    expect(ftp.exitCode).toBe(2);
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('--dry-run shows the body with file, message = file name, descricao', async () => {
    const result = await t.dev.run([
      'send',
      'media',
      '--to',
      PHONE,
      '--file',
      'https://example.com/a.mp3',
      '--caption',
      'ouça',
      '--dry-run',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).body).toMatchObject({
      to: PHONE_DIGITS,
      file: 'https://example.com/a.mp3',
      message: 'a.mp3',
      descricao: 'ouça',
    });
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send reply [extension]', () => {
  it('sends the quoted id, text and kind', async () => {
    const result = await t.dev.run([
      'send',
      'reply',
      '--to',
      PHONE,
      '--id',
      '3EB0AAAABBBBCCCCDDDD',
      '--message',
      'Claro!',
      '--quote',
      'Ajuda?',
      '--kind',
      'image',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await t.dev.onlySent()).toMatchObject({
      kind: 'reply',
      content: {
        message: 'Claro!',
        idMensagem: '3EB0AAAABBBBCCCCDDDD',
        respostaMensagem: 'Ajuda?',
        tipoMensagem: 'imageMessage',
      },
    });
  });

  it('refuses a missing --id without sending', async () => {
    const result = await t.dev.run(['send', 'reply', '--to', PHONE, '--message', 'x']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--id');
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send media --batch [extension]', () => {
  it('sends one media per CSV row, with the --caption default, journalled', async () => {
    const csv = join(dir, `midias-${Date.now()}.csv`);
    writeFileSync(
      csv,
      `to,file,caption,filename\n${PHONE},https://example.com/a.pdf,Nota A,\n+5511987654321,https://example.com/b.jpg,,vitrine.jpg\n`,
    );
    const result = await t.dev.run(['send', 'media', '--batch', csv, '--caption', 'Padrão', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const sent = await t.dev.outbox();
    expect(sent.map((m) => [m.to, m.kind, m.content])).toEqual([
      [
        PHONE_DIGITS,
        'media',
        { mediaType: 'document', fileName: 'a.pdf', file: 'https://example.com/a.pdf', caption: 'Nota A' },
      ],
      [
        '5511987654321',
        'media',
        { mediaType: 'image', fileName: 'vitrine.jpg', file: 'https://example.com/b.jpg', caption: 'Padrão' },
      ],
    ]);
  });

  it("refuses the whole batch when a row's file is not a URL, sending nothing; --file with --batch is a usage error", async () => {
    const csv = join(dir, `ruim-${Date.now()}.csv`);
    writeFileSync(csv, `to,file\n${PHONE},https://example.com/a.pdf\n${PHONE},./local.pdf\n`);
    const result = await t.dev.run(['send', 'media', '--batch', csv]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('line 3');
    expect(result.stderr).toContain('not an http(s) URL');
    const both = await t.dev.run(['send', 'media', '--batch', csv, '--file', 'https://example.com/x.pdf']);
    expect(both.exitCode).toBe(2);
    expect(await t.dev.outbox()).toEqual([]);
  });
});
