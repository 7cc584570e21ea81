import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Conf from 'conf';
import { isSettingKey, type SettingKey } from './keys.js';
import { CONFIG_FILE_NAME, configDir } from './paths.js';

/** One profile as stored: raw strings, validated again when read so a hand-edited file cannot smuggle bad values. */
export interface StoredProfile {
  'api-key'?: string;
  settings: Partial<Record<SettingKey, string>>;
}

type StoredShape = { profiles?: Record<string, Record<string, string>> };

/**
 * The stored profiles, through conf. The folder is created 0700 and the file written 0600 because it holds
 * API keys. conf is loaded on first use only: most runs never touch the store.
 */
export class ConfigStore {
  private constructor(
    private readonly conf: Conf<StoredShape>,
    readonly path: string,
  ) {}

  static async open(env: NodeJS.ProcessEnv = process.env): Promise<ConfigStore> {
    const dir = configDir(env);
    const { default: ConfClass } = await import('conf');
    const conf = new ConfClass<StoredShape>({
      cwd: dir,
      configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    return new ConfigStore(conf, conf.path);
  }

  profileNames(): string[] {
    return Object.keys(this.conf.get('profiles') ?? {});
  }

  profile(name: string): StoredProfile {
    const raw = this.conf.get('profiles')?.[name] ?? {};
    const settings: StoredProfile['settings'] = {};
    for (const [key, value] of Object.entries(raw)) {
      if (isSettingKey(key) && typeof value === 'string') settings[key] = value;
    }
    const apiKey = typeof raw['api-key'] === 'string' ? raw['api-key'] : undefined;
    return apiKey ? { 'api-key': apiKey, settings } : { settings };
  }

  set(profile: string, key: SettingKey | 'api-key', value: string): void {
    this.update(profile, (entry) => {
      entry[key] = value;
    });
  }

  unset(profile: string, key: SettingKey | 'api-key'): boolean {
    let had = false;
    this.update(profile, (entry) => {
      had = key in entry;
      delete entry[key];
    });
    return had;
  }

  private update(profile: string, change: (entry: Record<string, string>) => void): void {
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    const entry = { ...(profiles[profile] ?? {}) };
    change(entry);
    if (Object.keys(entry).length === 0) delete profiles[profile];
    else profiles[profile] = entry;
    ensurePrivateFolder(this.path);
    this.conf.set('profiles', profiles);
    chmodSync(this.path, 0o600);
  }
}

function ensurePrivateFolder(file: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
