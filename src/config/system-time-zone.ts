import { readlinkSync, statSync } from 'node:fs';

/**
 * The system's IANA time zone. Intl knows it, but the first Intl.DateTimeFormat loads ICU's locale and
 * time zone data, about 10 ms: a tenth of a one-off `events search`, which sends the zone with every
 * request. When TZ or the /etc/localtime link names a zone this machine's tz database has, that name is
 * used as it is; anything else (no link, a POSIX rule string, a name the database lacks) is left to Intl.
 */
export function systemTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return namedZone(env) ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

const ZONEINFO = '/usr/share/zoneinfo/';
/** Area/Location names as the tz database spells them; no dots, so no path can climb out of ZONEINFO. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
/** Names Intl reports as plain UTC. */
const UTC_NAMES = new Set(['UTC', 'UCT', 'Universal', 'Zulu', 'GMT', 'GMT0', 'GMT+0', 'GMT-0', 'Greenwich']);

function namedZone(env: NodeJS.ProcessEnv): string | undefined {
  const tz = env.TZ;
  // glibc reads TZ=":Europe/Paris" as the file Europe/Paris.
  if (tz !== undefined) return known(tz.startsWith(':') ? tz.slice(1) : tz);
  try {
    const link = readlinkSync('/etc/localtime');
    const at = link.lastIndexOf('zoneinfo/');
    return at < 0 ? undefined : known(link.slice(at + 'zoneinfo/'.length));
  } catch {
    return undefined; // not a link (a copied file), or no such file: Intl knows better
  }
}

function known(name: string): string | undefined {
  if (!ZONE_NAME.test(name)) return undefined;
  if (UTC_NAMES.has(name.replace(/^Etc\//, ''))) return 'UTC';
  try {
    return statSync(ZONEINFO + name).isFile() ? name : undefined;
  } catch {
    return undefined;
  }
}
