import { UsageError } from '../shared/errors.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../api/enums.js';
import { DEFAULT_PROVIDER } from '../api/agents.js';
import { parseWholeNumber } from '../shared/numbers.js';
import { parseDuration } from '../shared/duration.js';
import { displayStoreLocation, isPostgresUrl } from '../store/postgres-url.js';
import { urlWithoutSecrets } from '../shared/secrets.js';
import { FORMATS, SETTING_FORMATS, extensionOf, isFormat, needsFile, type Format } from '../output/formats.js';

/** The values a setting resolves to after validation. */
export interface SettingValues {
  'base-url': string;
  output: Format;
  timezone: string;
  provider: string;
  'page-size': number;
  concurrency: number;
  timeout: number;
  retries: number;
  db: string;
  'sql-db': string;
  'notify-url': string;
  'notify-exec': string;
  'notify-exec-env': string;
  /** Seconds: a whole number, as a bare number reads back the same (`config set` stores String(value)). */
  'notify-exec-timeout': number;
  'notify-deadline': number;
}
export type SettingKey = keyof SettingValues;

export interface SettingSpec<K extends SettingKey> {
  key: K;
  env: string;
  /** The command-line flag that sets it for one run. */
  flag: string;
  description: string;
  /** Shown in help and `config list`; undefined where the default is computed or there is none. */
  defaultLabel: string;
  /** `name` is how the value was given (--page-size, TIX_PAGE_SIZE, ...), so errors point at it. */
  parse(raw: string, name: string): SettingValues[K];
  /** How the value is shown by `tix config`, where that differs from the value (a URL's password hidden). */
  display?(value: SettingValues[K]): string;
}

function integer(min: number, max: number) {
  return (raw: string, name: string): number => parseWholeNumber(name, raw, min, max);
}

export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function parseBaseUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${name} must be an http:// or https:// URL, not '${raw}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${name} must be an http:// or https:// URL, not '${raw}'`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new UsageError(`${name} must be a plain base URL without credentials, query or fragment`);
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * Where alerts are POSTed (docs/alerts.md): an http:// or https:// URL. It may carry a secret (user info,
 * a token in the path or query, as chat webhooks do), so it is never printed whole: see urlWithoutSecrets.
 */
export function parseNotifyUrl(name: string, raw: string): string {
  const text = raw.trim();
  // The URL parser would quietly drop a newline or a tab inside it: a URL pasted wrong is refused instead.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text))
    throw new UsageError(`${name} must be an http:// or https:// URL on one line, without control characters`);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new UsageError(`${name} must be an http:// or https:// URL, not '${urlWithoutSecrets(text)}'`);
  }
  return text;
}

/** A command run once per alert (docs/alerts.md): any shell command line, on one line. */
export function parseNotifyExec(name: string, raw: string): string {
  const text = raw.trim();
  if (text === '' || /[\u0000\n\r]/.test(text)) throw new UsageError(`${name} must be a command on one line, such as './notify.sh'`);
  return text;
}

/** `AWS_PROFILE,PGSERVICE`: environment variable names, comma-separated. */
export function parseVariableNames(name: string, raw: string): string {
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const bad = names.find((n) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
  if (names.length === 0 || bad !== undefined)
    throw new UsageError(`${name} must be environment variable names separated by commas, such as PGSERVICE,AWS_PROFILE`);
  return names.join(',');
}

/**
 * How long one --notify-exec command may run, and how long a run may spend delivering all its alerts: 1s up
 * to 5m, half the time a run holds the deliveries it claimed (DELIVERY_LEASE_SECONDS in
 * src/recording/notify.ts), so that a run never sends what another has taken over.
 */
export function parseDeliverySeconds(name: string, raw: string): number {
  return parseDuration(name, raw, 1_000, 300_000) / 1_000;
}

export function parseTimeZone(name: string, raw: string): string {
  if (!isValidTimeZone(raw)) {
    throw new UsageError(`${name} must be an IANA time zone such as America/New_York or UTC, not '${raw}'`);
  }
  return raw;
}

/**
 * `allowed`: every format for the --output flag; for a default (TIX_OUTPUT, `config set output`) not one that
 * needs --out (parquet, a binary file), which would fail every run without it; `--out x.parquet` picks it anyway.
 */
export function parseOutputFormat(name: string, raw: string, allowed: readonly Format[] = FORMATS): Format {
  const value = raw.toLowerCase();
  if (!isFormat(value) || !allowed.includes(value)) {
    const why =
      isFormat(value) && needsFile(value)
        ? ` (${value} is written only to a file, one run at a time: --out FILE${extensionOf(value)})`
        : '';
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}, not '${raw}'${why}`);
  }
  return value;
}

export function parseProvider(name: string, raw: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(raw)) {
    throw new UsageError(`${name} must be a provider code such as ${DEFAULT_PROVIDER}, not '${raw}'`);
  }
  return raw.toLowerCase();
}

export function parseTimeoutSeconds(name: string, raw: string): number {
  const text = raw.trim();
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(seconds > 0) || seconds > 3600) {
    throw new UsageError(`${name} must be a number of seconds greater than 0 and at most 3600, not '${raw}'`);
  }
  return seconds;
}

export function parseDatabaseLocation(name: string, raw: string): string {
  const value = raw.trim();
  if (value === '' || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new UsageError(`${name} must be the path of a DuckDB file or a postgres:// URL, not '${displayStoreLocation(raw)}'`);
  }
  return value;
}

/** A DuckDB file is opened read-only by history sql already: the read-only role is PostgreSQL's. */
export function parseSqlDb(name: string, raw: string): string {
  const value = raw.trim();
  if (!isPostgresUrl(value) || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new UsageError(`${name} must be a postgres:// URL (a read-only role for tix history sql), not '${displayStoreLocation(raw)}'`);
  }
  return value;
}

export const SETTINGS: { [K in SettingKey]: SettingSpec<K> } = {
  'base-url': {
    key: 'base-url',
    env: 'TIX_BASE_URL',
    flag: '--base-url',
    description: 'API base URL (the contract names none: ask your account manager)',
    defaultLabel: 'none',
    parse: (raw, name) => parseBaseUrl(name, raw),
  },
  output: {
    key: 'output',
    env: 'TIX_OUTPUT',
    flag: '--output',
    description: `default output format (${SETTING_FORMATS.join(', ')})`,
    defaultLabel: 'table on a terminal, json otherwise',
    // The flag is for one run and takes every format; env and profile values are defaults.
    parse: (raw, name) => parseOutputFormat(name, raw, name === '--output' ? FORMATS : SETTING_FORMATS),
  },
  timezone: {
    key: 'timezone',
    env: 'TIX_TIMEZONE',
    flag: '--tz',
    description: 'IANA time zone for relative dates and event search',
    defaultLabel: 'the system time zone',
    parse: (raw, name) => parseTimeZone(name, raw),
  },
  provider: {
    key: 'provider',
    env: 'TIX_PROVIDER',
    flag: '--provider',
    description: 'sales data provider',
    defaultLabel: DEFAULT_PROVIDER,
    parse: (raw, name) => parseProvider(name, raw),
  },
  'page-size': {
    key: 'page-size',
    env: 'TIX_PAGE_SIZE',
    flag: '--page-size',
    description: `events per page (1-${PAGE_SIZE_MAX})`,
    defaultLabel: String(PAGE_SIZE_DEFAULT),
    parse: integer(1, PAGE_SIZE_MAX),
  },
  concurrency: {
    key: 'concurrency',
    env: 'TIX_CONCURRENCY',
    flag: '--concurrency',
    description: 'requests in flight at once (1-16)',
    defaultLabel: '4',
    parse: integer(1, 16),
  },
  timeout: {
    key: 'timeout',
    env: 'TIX_TIMEOUT',
    flag: '--timeout',
    description: 'seconds each request may take',
    defaultLabel: '30',
    parse: (raw, name) => parseTimeoutSeconds(name, raw),
  },
  retries: {
    key: 'retries',
    env: 'TIX_RETRIES',
    flag: '--retries',
    description: 'retries after a failed request (0-10)',
    defaultLabel: '3',
    parse: integer(0, 10),
  },
  db: {
    key: 'db',
    env: 'TIX_DB',
    flag: '--db',
    description: 'price history: a DuckDB file, or a postgres:// URL (tix track, history, watch)',
    defaultLabel: "history.duckdb in tix's data folder",
    parse: (raw, name) => parseDatabaseLocation(name, raw),
    display: (value) => displayStoreLocation(value),
  },
  'sql-db': {
    key: 'sql-db',
    env: 'TIX_SQL_DB',
    flag: '--sql-db',
    description: 'PostgreSQL: the postgres:// URL of a read-only role that tix history sql connects as, when db is PostgreSQL',
    defaultLabel: "none: db's role",
    parse: (raw, name) => parseSqlDb(name, raw),
    display: (value) => displayStoreLocation(value),
  },
  'notify-url': {
    key: 'notify-url',
    env: 'TIX_NOTIFY_URL',
    flag: '--notify-url',
    description: 'alerts: a URL to POST each alert to, for rules without channels of their own (tix track)',
    defaultLabel: 'none',
    parse: (raw, name) => parseNotifyUrl(name, raw),
    display: (value) => urlWithoutSecrets(value),
  },
  'notify-exec': {
    key: 'notify-exec',
    env: 'TIX_NOTIFY_EXEC',
    flag: '--notify-exec',
    description: 'alerts: a command run with each alert as JSON on stdin, for rules without channels of their own',
    defaultLabel: 'none',
    parse: (raw, name) => parseNotifyExec(name, raw),
  },
  'notify-exec-env': {
    key: 'notify-exec-env',
    env: 'TIX_NOTIFY_EXEC_ENV',
    flag: '--notify-exec-env',
    description:
      'alerts: environment variables a --notify-exec command may see although tix withholds them (TIX_*, PG*, DATABASE_URL), comma-separated',
    defaultLabel: 'none',
    parse: (raw, name) => parseVariableNames(name, raw),
  },
  'notify-exec-timeout': {
    key: 'notify-exec-timeout',
    env: 'TIX_NOTIFY_EXEC_TIMEOUT',
    flag: '--notify-exec-timeout',
    description: 'alerts: how long a --notify-exec command may run before it is stopped, its process group with it (1s-5m)',
    defaultLabel: '60s',
    parse: (raw, name) => parseDeliverySeconds(name, raw),
    display: (seconds) => `${seconds}s`,
  },
  'notify-deadline': {
    key: 'notify-deadline',
    env: 'TIX_NOTIFY_DEADLINE',
    flag: '--notify-deadline',
    description:
      'alerts: the most a run spends delivering its alerts, every channel and retry together (1s-5m); what is left stays pending for the next run',
    defaultLabel: '5m',
    parse: (raw, name) => parseDeliverySeconds(name, raw),
    // Whole minutes as minutes, as the guides and the default write them: 300 is 5m, 90 is 90s.
    display: (seconds) => (seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`),
  },
};

/** A setting's value as `tix config` shows it: the value itself, but for a URL's password. */
export function displaySetting<K extends SettingKey>(key: K, value: SettingValues[K]): SettingValues[K] | string {
  const spec = SETTINGS[key] as SettingSpec<K>;
  return spec.display ? spec.display(value) : value;
}

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}
