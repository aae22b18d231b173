// --jq: jq (WebAssembly) applied to the one --json document, in process against the emulator.
import { describe, expect, it } from 'vitest';
import { useEmulatorSandbox } from './support/harness.js';

const t = useEmulatorSandbox({ register: true });

describe('--jq', () => {
  it('prints the filter output of the document: strings raw one per line, other values as JSON', async () => {
    for (const name of ['loja-um', 'loja dois']) {
      expect((await t.box.run(['pair', '--name', name, '--no-wait'])).exitCode).toBe(0);
    }
    const json = JSON.parse((await t.box.run(['devices', 'ls', '--json'])).stdout);
    const names = await t.box.run(['devices', 'ls', '--jq', '.dispositivos[].nome']);
    expect(names.exitCode, names.stderr).toBe(0);
    expect(names.stdout).toBe(`${json.dispositivos.map((d: { nome: string }) => d.nome).join('\n')}\n`);
    expect(names.stdout.split('\n')).toEqual(expect.arrayContaining(['loja-um', 'loja dois']));
    const first = await t.box.run(['devices', 'ls', '--jq', '.dispositivos[0] | {nome}']);
    expect(first.stdout).toBe(`${JSON.stringify({ nome: json.dispositivos[0].nome })}\n`);
    const pretty = await t.box.run(['devices', 'ls', '--jq', '{n: (.dispositivos | length)}'], { tty: true });
    expect(pretty.stdout).toBe(`{\n  "n": ${json.dispositivos.length}\n}\n`);
  });

  it('applies to --dry-run plans and keeps keys masked', async () => {
    const result = await t.box.run(['devices', 'ls', '--dry-run', '--jq', '.url']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+\n$/);
    expect(result.stdout).not.toContain(t.authkey);
  });

  it('a filter jq rejects, or one that fails while running, is exit 2 naming the error and prints nothing', async () => {
    const syntax = await t.box.run(['devices', 'ls', '--jq', '.dispositivos[']);
    expect(syntax.exitCode).toBe(2);
    expect(syntax.stdout).toBe('');
    expect(syntax.stderr).toContain('syntax error');
    const failing = await t.box.run(['devices', 'ls', '--jq', '.status, error("no way")']);
    expect(failing.exitCode).toBe(2);
    expect(failing.stdout).toBe('');
    expect(failing.stderr).toContain('--jq');
    expect(process.exitCode).toBeUndefined();
  });

  it('says a failure as a line at a terminal, as one JSON line to a pipe', async () => {
    const shown = await t.box.run(['devices', 'ls', '--jq', '.dispositivos['], { tty: true, env: { NO_COLOR: '1' } });
    expect(shown.exitCode).toBe(2);
    expect(shown.stderr).toMatch(/^Error: --jq .*syntax error/);
    const piped = await t.box.run(['devices', 'ls', '--jq', '.dispositivos[']);
    expect(JSON.parse(piped.stderr)).toMatchObject({ error: { exitCode: 2 } });
    const unparsed = await t.box.run(['devices', 'ls', '--no-such-flag', '--jq', '.'], {
      tty: true,
      env: { NO_COLOR: '1' },
    });
    expect(unparsed.exitCode).toBe(2);
    expect(unparsed.stderr).toMatch(/^Error: /);
  });

  it('refuses commands that print a stream of documents', async () => {
    const listen = await t.box.run(['listen', '--port', '0', '--jq', '.']);
    expect(listen.exitCode).toBe(2);
    expect(listen.stderr).toContain('pipe it to jq');
    const follow = await t.box.run(['emulator', 'requests', '--follow', '--jq', '.']);
    expect(follow.exitCode).toBe(2);
    expect(follow.stderr).toContain('--follow prints lines as they come');
  });
});
