// Conversation files: the shipped JSON Schema is a valid schema that accepts every example (the examples' files and
// the worked example of docs/testing.md), and a file's mistakes are usage errors (exit 2) naming the file and line,
// before anything is started.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import { execa } from 'execa';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import schema from '../../../schemas/conversation-test.schema.json' with { type: 'json' };
import { Sandbox } from '../support/harness.js';
import { ROOT } from './bots.js';

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The YAML blocks of docs/testing.md that are conversation files (they have `conversations:`). */
function documentedFiles(): string[] {
  const text = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
  return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .filter((block) => /^conversations:/m.test(block));
}

describe('the JSON Schema (schemas/conversation-test.schema.json)', () => {
  const validate = new Ajv({ allErrors: true }).compile(schema);

  it('accepts every file of examples/', () => {
    const files = yamlFilesUnder(join(ROOT, 'examples'));
    expect(files.map((file) => relative(ROOT, file)).sort()).toEqual([
      'examples/menu-bot/conversations/menu.yaml',
      'examples/menu-bot/conversations/more.yaml',
      'examples/menu-bot/failing/greeting-typo.yaml',
    ]);
    for (const file of files) {
      expect(validate(parse(readFileSync(file, 'utf8'))), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('accepts the conversation files docs/testing.md shows', () => {
    const blocks = documentedFiles();
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(validate(parse(block)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is in the package, where editors find it (node_modules/chatbot-cli/schemas/)', async () => {
    const packed = await execa('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: ROOT });
    const [{ files }] = JSON.parse(packed.stdout) as [{ files: { path: string }[] }];
    expect(files.map((file) => file.path)).toContain('schemas/conversation-test.schema.json');
  });

  it('refuses what the format does not have', () => {
    const step = (value: unknown) => ({ conversations: [{ name: 'x', steps: [value] }] });
    expect(validate(step({ say: 'oi' }))).toBe(true);
    expect(validate(step({ say: 'oi', click: 'Menu' }))).toBe(false);
    expect(validate(step({ shout: 'oi' }))).toBe(false);
    expect(validate(step({ expect: { kind: 'fax' } }))).toBe(false);
    expect(validate(step({ say: 'oi', within: '2s' }))).toBe(false);
  });

  it('takes `within` beside `expect` and inside `expect: { … }`', () => {
    const step = (value: unknown) => ({ conversations: [{ name: 'x', steps: [value] }] });
    expect(validate(step({ expect: 'oi', within: '2s' }))).toBe(true);
    expect(validate(step({ expect: { text: 'oi', within: '2s' } }))).toBe(true);
    expect(validate(step({ expect: { text: 'oi', within: 'logo' } }))).toBe(false);
  });
});

describe('mistakes in a conversation file: exit 2, the file and line', () => {
  let dir: string;
  let box: Sandbox;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-conversations-'));
    box = new Sandbox('http://127.0.0.1:9');
  });
  afterAll(() => {
    box.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function mistake(text: string): Promise<string> {
    const file = join(dir, `f${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, text);
    const result = await box.run(['test', file, '--bot-url', 'http://127.0.0.1:9/']);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    return result.stderr.replace(file, 'FILE').trim();
  }

  const header = 'device: loja\nconversations:\n  - name: um\n    steps:\n';

  it.each([
    ['YAML that does not parse', `${header}      - say: [oi\n`, 'Error: FILE:6: not valid YAML'],
    [
      'an unknown key',
      `${header}      - say: oi\n      - shout: oi\n`,
      'FILE:6: conversations.0.steps.1: unknown key `shout`',
    ],
    [
      'two actions in one step',
      `${header}      - say: oi\n        click: Menu\n`,
      'FILE:5: conversations.0.steps.0: a step does exactly one of say, click, vote, react, reply, location, media, expect, nothing, advance, wait, webhook (found: say, click)',
    ],
    ['quoting without reply', `${header}      - say: oi\n        quoting: x\n`, 'FILE:5: `quoting` goes with `reply`'],
    [
      'within without expect',
      `${header}      - say: oi\n        within: 2s\n`,
      'FILE:5: `within` goes with `expect` or `webhook`',
    ],
    [
      'from on a bot step',
      `${header}      - expect: oi\n        from: Bia\n`,
      'FILE:5: `from` goes with what a contact does',
    ],
    [
      'a contact and a group',
      'device: loja\nconversations:\n  - name: um\n    contact: Ana\n    group: { members: [Bia] }\n    steps: [{ say: oi }]\n',
      'FILE:3: conversations.0: a conversation has a contact or a group, not both',
    ],
    [
      'an unknown kind',
      `${header}      - expect: { kind: fax }\n`,
      'FILE:5: conversations.0.steps.0.expect.kind: must be one of text',
    ],
    [
      'a wait too long',
      `${header}      - wait: 2m\n`,
      "FILE:5: step 1: `wait` is at most 30s: move the emulator's clock with `advance` instead",
    ],
    [
      '`from` without a group',
      `${header}      - say: oi\n        from: Bia\n`,
      'FILE:5: step 1: `from` names a group member',
    ],
    [
      'a regular expression that does not compile',
      `${header}      - expect: { text: { matches: '(' } }\n`,
      'FILE:5: step 1: `matches` is not a valid regular expression',
    ],
    [
      'two conversations with one name',
      `${header}      - say: oi\n  - name: um\n    steps: [{ say: oi }]\n`,
      'FILE:6: a second conversation named "um"',
    ],
    ['no device', 'conversations:\n  - name: um\n    steps: [{ say: oi }]\n', 'FILE:2: "um" names no device'],
  ])('%s', async (_label, text, message) => {
    expect(await mistake(text)).toContain(message);
  });

  it('every schema mistake of a file at once, each at its line, in file order', async () => {
    const text = [
      'device: loja',
      'conversations:',
      '  - name: um',
      '    steps:',
      '      - shout: oi',
      '      - say: oi',
      '      - expect: { kind: fax }',
      '  - name: dois',
      '    colour: azul',
      '    steps:',
      '      - say: oi',
      '        click: Menu',
      '      - say: oi',
      '        quoting: x',
    ].join('\n');
    const lines = (await mistake(`${text}\n`)).split('\n');
    expect(lines[0]).toBe('Error: FILE: 5 mistakes');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/:5: conversations\.0\.steps\.0: unknown key `shout`/),
      expect.stringMatching(/:7: conversations\.0\.steps\.2\.expect\.kind: must be one of text/),
      expect.stringMatching(/:8: conversations\.1: unknown key `colour`/),
      expect.stringMatching(/:11: conversations\.1\.steps\.0: a step does exactly one of .* \(found: say, click\)/),
      expect.stringMatching(/:13: `quoting` goes with `reply`/),
    ]);
  });

  it('`within` both beside `expect` and inside it', async () => {
    const text = `${header}      - say: oi\n      - expect: { text: oi, within: 2s }\n        within: 3s\n`;
    expect(await mistake(text)).toContain('FILE:6: step 2: `within` is given twice, beside `expect` and inside it');
  });

  it('a path that does not exist, and a directory without conversation files', async () => {
    const missing = await box.run(['test', join(dir, 'nao-existe.yaml')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('does not exist');
    const empty = mkdtempSync(join(dir, 'vazio-'));
    const none = await box.run(['test', empty]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('No conversation files (.yaml, .yml)');
  });
});
