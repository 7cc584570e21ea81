import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the config lives: TIX_CONFIG_DIR (tests use it to stay isolated), else the platform's config folder. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TIX_CONFIG_DIR) return env.TIX_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'tix');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'tix');
}

export const CONFIG_FILE_NAME = 'config.json';
