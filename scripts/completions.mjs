// Rebuilds the bundle and writes completions/ from `chatbot completion bash|zsh|fish`, so the checked-in scripts
// always match the command tree (test/cli/completion/completion.test.ts fails when they drift).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

await import('./build.mjs');

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../bin/chatbot.js', import.meta.url));
const files = { bash: 'chatbot.bash', zsh: '_chatbot', fish: 'chatbot.fish' };

mkdirSync(new URL('../completions', import.meta.url), { recursive: true });
for (const [shell, file] of Object.entries(files)) {
  const script = execFileSync(process.execPath, [bin, 'completion', shell], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), script);
  console.log(`completions/${file}`);
}
