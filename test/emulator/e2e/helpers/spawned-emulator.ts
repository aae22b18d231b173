import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { emulatorReadyUrl } from '../../../support/ready-line.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface SpawnedEmulator {
  url: string;
  /** Ends the process with the signal and waits until it has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** A scratch directory removed by `cleanup`. */
export function scratchDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-e2e-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `chatbot emulator start` from the built binary and resolves once it prints its ready line. */
export async function spawnEmulator(db: string, home: string, extraArgs: string[] = []): Promise<SpawnedEmulator> {
  if (!existsSync(join(REPO_ROOT, 'dist', 'chatbot.js')))
    throw new Error('dist/chatbot.js is missing: run `npm run build` first');
  const child = execa('node', ['bin/chatbot.js', 'emulator', 'start', '--port', '0', '--db', db, ...extraArgs], {
    cwd: REPO_ROOT,
    reject: false,
    stdin: 'ignore',
    env: { CI: 'true', HOME: home, CHATBOT_CONFIG_DIR: join(home, 'config'), NO_COLOR: '1' },
  });
  const url = await emulatorReadyUrl(child).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    stop: async (signal) => {
      child.kill(signal);
      await child;
    },
  };
}
