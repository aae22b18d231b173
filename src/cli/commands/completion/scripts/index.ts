// Completion scripts for bash, zsh and fish, generated from the commander tree.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionModel } from './model.js';
import { completionTables } from './tables.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const RENDERERS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

/** The completion script of `shell` for the whole tree under `program`. */
export function completionScript(shell: Shell, program: Command): string {
  return RENDERERS[shell](completionTables(completionModel(program)));
}
