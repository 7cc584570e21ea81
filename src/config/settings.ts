import { UsageError } from '../shared/errors.js';
import type { ConfigFileError } from './config-file-error.js';
import { SETTINGS, SETTING_KEYS, type SettingKey, type SettingValues } from './keys.js';
import type { ConfigRead } from './store.js';
import { systemTimeZone } from './system-time-zone.js';

export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

export interface ResolvedSettings {
  profile: string;
  apiKey?: string;
  apiKeySource?: 'env' | 'profile';
  /** base-url has no default: the contract does not name the real API's address. db's is computed (src/store/location.ts). */
  values: Omit<SettingValues, 'base-url' | 'db' | 'notify-url' | 'notify-exec' | 'notify-exec-env'> & {
    'base-url'?: string;
    db?: string;
    'notify-url'?: string;
    'notify-exec'?: string;
    'notify-exec-env'?: string;
  };
  sources: Record<SettingKey, SettingSource>;
  /** Why the config file could not be used; the run went on with flags, environment and defaults. */
  configProblem?: ConfigFileError;
  /** A remark on a config file that was used (its key open to other users). */
  configWarning?: string;
}

export interface SettingsInput {
  /** Raw flag values, as typed; validated here with the same rules as config and environment. */
  flags: Partial<Record<SettingKey, string>>;
  profileFlag?: string;
  env: NodeJS.ProcessEnv;
  /** Reads the config file, if there is one (conf is loaded only then, so most runs never load it). */
  readConfig?: () => Promise<ConfigRead>;
}

export const SETTING_DEFAULTS = {
  output: undefined,
  timezone: undefined,
  provider: 'stubhub',
  'page-size': 1000,
  // What a browser opens per host, a load servers are built for. 100 inventory ids (ten batches) take two
  // rounds of requests, not three as with 4; an --all export of 5,000-event pages peaks at ~110 MB, not ~107.
  concurrency: 6,
  timeout: 30,
  retries: 3,
  db: undefined,
  'sql-db': undefined,
  'notify-url': undefined,
  'notify-exec': undefined,
  'notify-exec-env': undefined,
  // Time for a script that pages someone over a slow link; the rest of the run's 5 minutes is the other alerts'.
  'notify-exec-timeout': 60,
  // A cron job every 5 minutes or less sets it shorter, so that a run's deliveries end before the next run.
  'notify-deadline': 300,
} as const;

export function validateProfileName(source: string, name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new UsageError(`${source} must be a profile name of letters, digits, '.', '_' or '-', not '${name}'`);
  }
  return name;
}

export { systemTimeZone } from './system-time-zone.js';

/** Flag, then environment, then the stored profile, then the default. */
export async function resolveSettings(input: SettingsInput): Promise<ResolvedSettings> {
  const { flags, env } = input;
  const profile =
    input.profileFlag !== undefined
      ? validateProfileName('--profile', input.profileFlag)
      : env.TIX_PROFILE
        ? validateProfileName('TIX_PROFILE', env.TIX_PROFILE)
        : 'default';

  const config: ConfigRead = input.readConfig ? await input.readConfig() : {};
  const stored = config.store?.profile(profile);
  const storedName = (key: SettingKey) => `${key} (in profile '${profile}' of ${config.store?.path})`;

  const values: Record<string, unknown> = {};
  const sources = {} as Record<SettingKey, SettingSource>;
  for (const key of SETTING_KEYS) {
    const spec = SETTINGS[key];
    const flag = flags[key];
    const fromEnv = env[spec.env];
    const fromProfile = stored?.settings[key];
    if (flag !== undefined) {
      values[key] = spec.parse(flag, spec.flag);
      sources[key] = 'flag';
    } else if (fromEnv !== undefined && fromEnv !== '') {
      values[key] = spec.parse(fromEnv, spec.env);
      sources[key] = 'env';
    } else if (fromProfile !== undefined) {
      sources[key] = 'profile';
      try {
        values[key] = spec.parse(fromProfile, storedName(key));
      } catch (error) {
        // A bad stored value fails only the runs that use it, so `config set` and `config unset` can repair it.
        const profileFlag = profile === 'default' ? '' : ` --profile ${profile}`;
        const fix = new UsageError(`${(error as Error).message}; change it with 'tix config set ${key} <value>${profileFlag}'`);
        Object.defineProperty(values, key, {
          enumerable: true,
          get: () => {
            throw fix;
          },
        });
      }
    } else {
      values[key] = key === 'timezone' ? systemTimeZone(env) : (SETTING_DEFAULTS as Record<string, unknown>)[key];
      sources[key] = 'default';
    }
  }

  const resolved: ResolvedSettings = { profile, values: values as ResolvedSettings['values'], sources };
  if (config.problem) resolved.configProblem = config.problem;
  if (config.warning) resolved.configWarning = config.warning;
  if (env.TIX_API_KEY) {
    resolved.apiKey = env.TIX_API_KEY;
    resolved.apiKeySource = 'env';
  } else if (stored?.['api-key']) {
    resolved.apiKey = stored['api-key'];
    resolved.apiKeySource = 'profile';
  }
  return resolved;
}
