// Where the CLI keeps its files: CHATBOT_CONFIG_DIR, else the XDG directories, else ~/.config and ~/.local/share.
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/** Directory of the config file. */
export function configDir(env: Env): string {
  if (env.CHATBOT_CONFIG_DIR) return env.CHATBOT_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'chatbot');
  return join(env.HOME || homedir(), '.config', 'chatbot');
}

/** Directory of data files such as the emulator's default database. */
export function dataDir(env: Env): string {
  if (env.CHATBOT_DATA_DIR) return env.CHATBOT_DATA_DIR;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'chatbot');
  return join(env.HOME || homedir(), '.local', 'share', 'chatbot');
}
