// Opens a URL in the user's browser: $BROWSER when set, else the system's opener (xdg-open, open, start). Written
// here rather than with the `open` package, which runs a copy of xdg-open from its own folder that neither the
// bundle nor the single executable carries. Resolves whether the opener ran and said it succeeded.
import { spawn } from 'node:child_process';

function opener(env: Record<string, string | undefined>): [string, string[]] {
  const browser = env.BROWSER?.trim();
  if (browser) return [browser, []];
  if (process.platform === 'darwin') return ['open', []];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  return ['xdg-open', []];
}

export function openBrowser(url: string, env: Record<string, string | undefined>): Promise<boolean> {
  const [command, args] = opener(env);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, [...args, url], { stdio: 'ignore', env });
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    } catch {
      resolve(false);
    }
  });
}
