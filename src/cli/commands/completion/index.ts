// completion bash|zsh|fish: the shell completion scripts (scripts/ writes them from the command tree). Its handler is
// imported only when it runs.
import { lazy, type Node } from '../../command.js';
import { completionCommand } from './completion-command.js';

export const completionCommands: Node[] = [lazy(completionCommand, () => import('./completion.js'), 'printCompletion')];
