// Asks a real bash, zsh or fish to complete a `chatbot ...` command line with the script under completions/, and
// returns the candidate words (descriptions dropped).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const COMPLETIONS = resolve(import.meta.dirname, '../../completions');
const SCRIPTS: Record<Shell, string> = {
  bash: resolve(COMPLETIONS, 'chatbot.bash'),
  zsh: resolve(COMPLETIONS, '_chatbot'),
  fish: resolve(COMPLETIONS, 'chatbot.fish'),
};
const ZSH_CAPTURE = resolve(import.meta.dirname, 'zsh-capture.zsh');

/** The shells of SHELLS that cannot be run here. */
export function missingShells(): Shell[] {
  return SHELLS.filter((shell) => spawnSync(shell, ['--version'], { stdio: 'ignore' }).status !== 0);
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The shell's command that completes `line` (the cursor at its end) and prints one candidate a line. */
function command(shell: Shell, line: string): string[] {
  if (shell === 'bash') {
    const words = line.split(' ');
    return [
      'bash',
      '--norc',
      '--noprofile',
      '-c',
      `source ${quote(SCRIPTS.bash)}; COMP_WORDS=(${words.map(quote).join(' ')}); COMP_CWORD=${words.length - 1}; _chatbot; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ];
  }
  if (shell === 'zsh') return ['zsh', '-f', ZSH_CAPTURE, SCRIPTS.zsh, line];
  return ['fish', '--no-config', '-c', `source ${quote(SCRIPTS.fish)}; complete -C ${quote(line)}`];
}

/** Completes `line` in `shell` (run in `cwd` with `env`); the candidates, sorted, descriptions dropped. */
export function completeIn(
  shell: Shell,
  line: string,
  options: { cwd: string; env: Record<string, string> },
): string[] {
  const [file, ...args] = command(shell, line);
  const result = spawnSync(file as string, args, {
    encoding: 'utf8',
    cwd: options.cwd,
    env: options.env,
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`${shell} exited ${result.status}: ${result.stderr}`);
  if (result.stderr !== '') throw new Error(`${shell} printed on stderr while completing: ${result.stderr}`);
  const candidates = result.stdout
    .split('\n')
    .filter((row) => row !== '')
    .map((row) => row.split('\t')[0] as string);
  return [...new Set(candidates)].sort();
}
