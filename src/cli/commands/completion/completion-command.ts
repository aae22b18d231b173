// completion: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const completionCommand = defineCommand({
  name: 'completion',
  description: 'Print the shell completion script for bash, zsh or fish',
  args: [arg('<shell>', 'bash, zsh or fish', ['bash', 'zsh', 'fish'])],
  examples: [
    'chatbot completion bash > ~/.local/share/bash-completion/completions/chatbot',
    'source <(chatbot completion bash)',
    'chatbot completion zsh > "${fpath[1]}/_chatbot"',
    'chatbot completion fish > ~/.config/fish/completions/chatbot.fish',
  ],
});
