import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the config lives: TIX_CONFIG_DIR (tests use it to stay isolated), else the platform's config folder. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TIX_CONFIG_DIR) return env.TIX_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'tix');
  // $HOME is what os.homedir() reads, from the run's environment (a test's, in-process, has its own).
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'tix');
}

export const CONFIG_FILE_NAME = 'config.json';
