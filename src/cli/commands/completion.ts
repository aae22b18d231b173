// completion bash|zsh|fish.
import { Argument, type Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';

export function registerCompletion(program: Command, io: CliIo): void {
  examples(
    program
      .command('completion')
      .description('Print the shell completion script for bash, zsh or fish')
      .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
      .action(lazyAction(io, () => import('../actions/completion.js'), 'printCompletion')),
    [
      'chatbot completion bash > ~/.local/share/bash-completion/completions/chatbot',
      'source <(chatbot completion bash)',
      'chatbot completion zsh > "${fpath[1]}/_chatbot"',
      'chatbot completion fish > ~/.config/fish/completions/chatbot.fish',
    ],
  );
}
