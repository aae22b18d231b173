// completion bash|zsh|fish: generated from the command tree, checked in under completions/, and working in bash.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Argument, Command, Option } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completionModel } from '../../../src/cli/commands/completion/scripts/model.js';
import { completionScript } from '../../../src/cli/commands/completion/scripts/index.js';
import { buildProgram } from '../../../src/cli/program.js';
import { BIN, Sandbox } from '../support/harness.js';

const COMPLETIONS = resolve(import.meta.dirname, '../../../completions');
const FILES = { bash: 'chatbot.bash', zsh: '_chatbot', fish: 'chatbot.fish' } as const;
const hasBash = spawnSync('bash', ['--version']).status === 0;

let box: Sandbox;
beforeEach(() => {
  box = new Sandbox('http://127.0.0.1:9');
});
afterEach(() => box.cleanup());

const quiet = {
  stdin: { async *[Symbol.asyncIterator]() {} },
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
};

describe('completion command', () => {
  it.each(Object.entries(FILES))(
    'the checked-in %s script is what `chatbot completion` prints (regenerate: node scripts/completions.mjs)',
    async (shell, file) => {
      const result = await box.run(['completion', shell]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(readFileSync(resolve(COMPLETIONS, file), 'utf8')).toBe(result.stdout);
    },
  );

  it('prints the script inside one JSON document under --json', async () => {
    const result = await box.run(['completion', 'fish', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ status: 200, shell: 'fish' });
    expect(doc.script).toContain('complete -c chatbot');
  });

  it('refuses a shell it does not know (exit 2, names the choices)', async () => {
    const result = await box.run(['completion', 'powershell']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('bash, zsh, fish');
    expect(result.stdout).toBe('');
  });
});

const program = await buildProgram(quiet, () => undefined);

describe('scripts follow the command tree', () => {
  const model = completionModel(program);

  it('every command, alias, flag and fixed choice appears in every script', () => {
    const scripts = {
      bash: completionScript('bash', program),
      zsh: completionScript('zsh', program),
      fish: completionScript('fish', program),
    };
    const required = [
      ...model.commands.flatMap((c) => [
        c.name,
        ...c.aliases,
        ...c.options.flatMap((o) => [...o.names, ...o.choices]),
        ...c.argChoices.flat(),
      ]),
      ...model.globals.flatMap((o) => o.names),
    ];
    for (const [shell, script] of Object.entries(scripts)) {
      for (const word of new Set(required)) expect(script, `${shell}: ${word}`).toContain(word);
    }
    expect(scripts.zsh.startsWith('#compdef chatbot\n')).toBe(true);
    expect(scripts.fish).toContain("complete -c chatbot -f -a '(__chatbot_complete)'");
    expect(scripts.bash).toContain('complete -F _chatbot chatbot');
  });

  it('reads aliases, value flags, choices and global flags from commander objects', () => {
    const tree = new Command('demo')
      .addOption(new Option('--json', 'json'))
      .addOption(new Option('--profile <name>', 'profile'));
    tree.command('devices').command('ls').alias('list').description('list devices').option('-a, --all', 'all');
    tree
      .command('webhook')
      .addArgument(new Argument('<state>').choices(['on', 'off']))
      .addOption(new Option('--type <type>', 'type').choices(['chat', 'grupo']));
    const read = completionModel(tree);
    const ls = read.commands.find((c) => c.path === 'devices ls');
    expect(ls).toMatchObject({ name: 'ls', aliases: ['list'], description: 'list devices' });
    expect(ls?.options.map((o) => o.names)).toEqual([
      ['-a', '--all'],
      ['-h', '--help'],
    ]);
    const webhook = read.commands.find((c) => c.path === 'webhook');
    expect(webhook?.argChoices).toEqual([['on', 'off']]);
    expect(webhook?.options[0]).toMatchObject({ names: ['--type'], takesValue: true, choices: ['chat', 'grupo'] });
    expect(read.globals.map((o) => o.names)).toEqual([['--json'], ['--profile']]);
  });
});

describe.runIf(hasBash)('the bash script in bash', () => {
  const script = resolve(COMPLETIONS, FILES.bash);

  /** Completes the last word of `words` (an empty string completes a new word) and returns COMPREPLY. */
  function complete(words: string[], options: { cwd?: string; env?: Record<string, string> } = {}): string[] {
    const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const program = `source '${script}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _chatbot; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const env = { PATH: process.env.PATH ?? '', ...options.env };
    const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], {
      encoding: 'utf8',
      env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.split('\n').filter(Boolean);
  }

  it('registers _chatbot for the chatbot command', () => {
    const result = spawnSync('bash', ['--norc', '--noprofile', '-c', `source '${script}'; complete -p chatbot`], {
      encoding: 'utf8',
    });
    expect(result.stdout.trim()).toBe('complete -F _chatbot chatbot');
  });

  it('completes top-level commands and subcommands', () => {
    expect(complete(['chatbot', 'gr'])).toEqual(['group']);
    expect(complete(['chatbot', 'group', ''])).toEqual(['info', 'title', 'invite']);
    expect(complete(['chatbot', 'emulator', 'trigger', 'po'])).toEqual(['poll-vote']);
    expect(complete(['chatbot', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes fixed choices of arguments and flags, after global flags with values', () => {
    expect(complete(['chatbot', 'webhook', ''])).toEqual(['on', 'off']);
    expect(complete(['chatbot', '--profile', 'prod', 'webhook', 'off', '--type', ''])).toEqual(['chat', 'grupo']);
    expect(complete(['chatbot', 'webhook', 'on', '--type', 'g'])).toEqual(['grupo']);
  });

  it('completes file names after file flags, not after other values', () => {
    writeFileSync(join(box.home, 'contatos.csv'), 'to,message\n');
    writeFileSync(join(box.home, 'outro.txt'), '');
    const inHome = (words: string[]) => complete(words, { cwd: box.home });
    expect(inHome(['chatbot', 'send', 'text', '--batch', 'con'])).toEqual(['contatos.csv']);
    expect(inHome(['chatbot', 'pair', '--qr-file', 'ou'])).toEqual(['outro.txt']);
    expect(inHome(['chatbot', 'emulator', 'start', '--db', 'c'])).toEqual(['contatos.csv']);
    expect(inHome(['chatbot', 'send', 'media', '--journal', 'o'])).toEqual(['outro.txt']);
    expect(inHome(['chatbot', 'send', 'media', '--file', 'o'])).toEqual(['outro.txt']);
    expect(inHome(['chatbot', 'listen', '--path', 'c'])).toEqual([]);
  });

  it('completes profile names after --profile and profile use / rm, asking chatbot itself', async () => {
    for (const name of ['prod', 'staging'])
      expect((await box.run(['profile', 'use', '--create', name])).exitCode).toBe(0);
    const bin = join(box.home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'chatbot'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, CHATBOT_CONFIG_DIR: box.configDir };
    expect(complete(['chatbot', '--profile', ''], { env })).toEqual(['prod', 'staging']);
    expect(complete(['chatbot', 'devices', 'ls', '--profile', 'st'], { env })).toEqual(['staging']);
    expect(complete(['chatbot', 'profile', 'use', 'p'], { env })).toEqual(['prod']);
    expect(complete(['chatbot', 'profile', 'rm', ''], { env })).toEqual(['prod', 'staging']);
  });

  it("completes a command's own flags and the global ones", () => {
    const flags = complete(['chatbot', 'webhook', 'on', '--']);
    expect(flags).toEqual(expect.arrayContaining(['--type', '--device', '--json', '--appkey', '--help']));
    expect(flags).not.toContain('--version');
    expect(complete(['chatbot', 'emulator', 'trigger', 'location', '--l'])).toEqual(['--lat', '--lng']);
  });
});
