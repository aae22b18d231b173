// The completion scripts loaded in real bash, zsh and fish (npm run test:shells): subcommands, flags, fixed choices,
// file names after file flags and profile names after --profile and `profile use`, all asked of the shell itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, Sandbox } from '../cli/support/harness.js';
import { completeIn, missingShells, SHELLS } from './complete-in.js';

const missing = missingShells();
if (missing.length > 0) {
  throw new Error(
    `npm run test:shells needs ${missing.join(' and ')} to run the completion scripts in them: install with \`apt-get install -y ${missing.join(' ')}\` (or your system's package manager)`,
  );
}

let box: Sandbox;
let env: Record<string, string>;

beforeAll(async () => {
  box = new Sandbox('http://127.0.0.1:9');
  for (const name of ['prod', 'staging']) {
    const created = await box.run(['profile', 'use', '--create', name]);
    if (created.exitCode !== 0) throw new Error(`profile use --create ${name}: ${created.stderr}`);
  }
  const bin = join(box.home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'chatbot'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
  writeFileSync(join(box.home, 'lista.csv'), 'to,message\n');
  writeFileSync(join(box.home, 'outro.txt'), '');
  env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: box.home,
    CHATBOT_CONFIG_DIR: box.configDir,
    TERM: 'dumb',
  };
});
afterAll(() => box.cleanup());

describe.each(SHELLS)('completions in %s', (shell) => {
  const complete = (line: string) => completeIn(shell, line, { cwd: box.home, env });

  it('completes commands and subcommands', () => {
    expect(complete('chatbot gr')).toEqual(['group']);
    expect(complete('chatbot group ')).toEqual(['info', 'invite', 'title']);
    expect(complete('chatbot emulator trigger po')).toEqual(['poll-vote']);
    expect(complete('chatbot completion ')).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('chatbot send ')).toEqual(expect.arrayContaining(['text', 'media', 'template', 'poll']));
  });

  it("completes a command's flags and the global ones, and fixed choices after global flags with values", () => {
    expect(complete('chatbot emulator trigger location --l')).toEqual(['--lat', '--lng']);
    expect(complete('chatbot webhook on --')).toEqual(
      expect.arrayContaining(['--type', '--device', '--json', '--appkey', '--timeout']),
    );
    expect(complete('chatbot webhook ')).toEqual(['off', 'on']);
    expect(complete('chatbot --timeout 5 webhook off --type ')).toEqual(['chat', 'grupo']);
  });

  it('completes file names after file flags, and nothing from the disk after other values', () => {
    expect(complete('chatbot send text --batch li')).toEqual(['lista.csv']);
    expect(complete('chatbot pair --qr-file ou')).toEqual(['outro.txt']);
    expect(complete('chatbot send media --file o')).toEqual(['outro.txt']);
    expect(complete('chatbot listen --path c')).toEqual([]);
  });

  it('completes profile names after --profile and `profile use`, asking chatbot itself', () => {
    expect(complete('chatbot --profile ')).toEqual(['prod', 'staging']);
    expect(complete('chatbot devices ls --profile st')).toEqual(['staging']);
    expect(complete('chatbot profile use p')).toEqual(['prod']);
  });
});
