import { chmodSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type Conf from 'conf';
import { ConfigContentError, parseConfigJson, type StoredShape, type StoredValue } from './config-json.js';
import { ConfigFileError, unreadableConfigFile, unwritableConfigFile } from './config-file-error.js';
import { isSettingKey, type SettingKey } from './keys.js';
import { CONFIG_FILE_NAME, configDir } from './paths.js';
import { ensureWritableFolder } from './private-folder.js';

/**
 * One profile as stored. Settings are given as text: a number or boolean a person wrote in the file is read
 * as its JSON spelling, and every value is validated again when used, as `config set` validates it.
 */
export interface StoredProfile {
  'api-key'?: string;
  settings: Partial<Record<SettingKey, string>>;
}

/** The config file as a run finds it: no file (no store), a store, or a problem that makes it unusable. */
export interface ConfigRead {
  store?: ConfigStore;
  problem?: ConfigFileError;
  /** Something to tell the user about a file that is used all the same (a key others can read). */
  warning?: string;
}

export function configFilePath(env: NodeJS.ProcessEnv): string {
  return resolve(join(configDir(env), CONFIG_FILE_NAME));
}

/**
 * The stored profiles, through conf, whose reading is given tix's own JSON check (line and column of a
 * syntax error, the shape of a hand-edited file). The file is written 0600 because it holds API keys; the
 * folder is 0700 when tix creates it. conf is loaded on first use only: most runs never touch the store.
 */
export class ConfigStore {
  private constructor(
    private readonly conf: Conf<StoredShape>,
    readonly path: string,
  ) {}

  /** Reads the file if there is one; never throws for a file that cannot be used, and never creates anything. */
  static async read(env: NodeJS.ProcessEnv = process.env): Promise<ConfigRead> {
    const path = configFilePath(env);
    let stats: Stats;
    try {
      // Not throwIfNoEntry: from Node 22 it also hides ENOTDIR (a file where the folder should be) as "no file".
      stats = statSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      return { problem: asConfigFileError(path, error) };
    }
    try {
      const store = await ConfigStore.open(path);
      const warning = store.holdsKey() ? tooOpenWarning(path, stats.mode) : undefined;
      return warning ? { store, warning } : { store };
    } catch (error) {
      return { problem: asConfigFileError(path, error) };
    }
  }

  /** For `config set` and `auth login`, which store something: the folder is created (0700) if need be. */
  static async forWriting(env: NodeJS.ProcessEnv = process.env): Promise<ConfigStore> {
    const path = configFilePath(env);
    // Before conf opens the file: it would create a missing folder itself, with the umask's mode.
    writableFolderFor(path);
    try {
      return await ConfigStore.open(path);
    } catch (error) {
      throw asConfigFileError(path, error);
    }
  }

  private static async open(path: string): Promise<ConfigStore> {
    const { default: ConfClass } = await import('conf');
    const conf = new ConfClass<StoredShape>({
      cwd: dirname(path),
      configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      // Never: a file conf cannot parse would be replaced by an empty one at the next write, keys and all.
      clearInvalidConfig: false,
      deserialize: parseConfigJson,
    });
    return new ConfigStore(conf, conf.path);
  }

  profileNames(): string[] {
    return Object.keys(this.profiles());
  }

  profile(name: string): StoredProfile {
    const profiles = this.profiles();
    const raw = Object.hasOwn(profiles, name) ? profiles[name]! : {};
    const settings: StoredProfile['settings'] = {};
    for (const [key, value] of Object.entries(raw)) {
      if (isSettingKey(key)) settings[key] = String(value);
    }
    const apiKey = typeof raw['api-key'] === 'string' ? raw['api-key'] : undefined;
    return apiKey ? { 'api-key': apiKey, settings } : { settings };
  }

  set(profile: string, key: SettingKey | 'api-key', value: string): void {
    this.update(profile, (entry) => {
      entry[key] = value;
    });
  }

  /** False, and nothing written, when the profile does not have the key. */
  unset(profile: string, key: SettingKey | 'api-key'): boolean {
    const profiles = this.profiles();
    if (!Object.hasOwn(profiles, profile) || !Object.hasOwn(profiles[profile]!, key)) return false;
    this.update(profile, (entry) => {
      delete entry[key];
    });
    return true;
  }

  private holdsKey(): boolean {
    return Object.values(this.profiles()).some((profile) => typeof profile['api-key'] === 'string');
  }

  private profiles(): Record<string, Record<string, StoredValue>> {
    try {
      return this.conf.get('profiles') ?? {};
    } catch (error) {
      throw asConfigFileError(this.path, error);
    }
  }

  private update(profile: string, change: (entry: Record<string, StoredValue>) => void): void {
    const profiles = { ...this.profiles() };
    const entry = { ...(Object.hasOwn(profiles, profile) ? profiles[profile] : {}) };
    change(entry);
    if (Object.keys(entry).length === 0) delete profiles[profile];
    else profiles[profile] = entry;
    writableFolderFor(this.path);
    try {
      this.conf.set('profiles', profiles);
      chmodSync(this.path, 0o600);
    } catch (error) {
      if (error instanceof ConfigContentError) throw asConfigFileError(this.path, error);
      throw unwritableConfigFile(this.path, error as NodeJS.ErrnoException);
    }
  }
}

function writableFolderFor(path: string): void {
  try {
    ensureWritableFolder(dirname(path));
  } catch (error) {
    throw unwritableConfigFile(path, error as NodeJS.ErrnoException);
  }
}

function asConfigFileError(path: string, error: unknown): ConfigFileError {
  if (error instanceof ConfigFileError) return error;
  if (error instanceof ConfigContentError) return new ConfigFileError(path, error.message);
  if (error instanceof Error && 'code' in error) return unreadableConfigFile(path, error as NodeJS.ErrnoException);
  throw error;
}

/** Like ssh with a private key file, but going on: the file holds a key, and users other than its owner may read or change it. */
function tooOpenWarning(path: string, mode: number): string | undefined {
  if (process.platform === 'win32' || (mode & 0o077) === 0) return undefined;
  const who = mode & 0o044 ? 'other users can read it' : 'other users can change it';
  return `the config file ${path} holds an API key but its permissions ${(mode & 0o777).toString(8).padStart(4, '0')} are too open (${who}); run 'chmod 600 ${path}'`;
}
