import { readFile } from 'node:fs/promises';
import { UsageError } from '../../shared/errors.js';
import { parseAgent } from './parse/agent.js';
import { printable } from '../../shared/printable.js';
import { parsePathSegment } from './parse/ids.js';
import { readAll } from './read-all.js';

/** One line of a watch list: an agent's event (`TMUSA:G5v8HKyBKZbyJN`), or an event at every agent that lists it (`evt_...`). */
export type TrackEntry = { kind: 'agent'; agent: string; id: string } | { kind: 'event'; eventId: string };

/** How an entry is written, for messages: `TMUSA:G5v8HKyBKZbyJN` or `evt_fnt7jz3fkx`. */
export function entryText(entry: TrackEntry): string {
  return entry.kind === 'event' ? entry.eventId : `${entry.agent}:${entry.id}`;
}

/**
 * The entries of the arguments (`-` reads stdin) and of --from-file, in order, duplicates dropped. Lists
 * have one entry a line; `#` starts a comment; blank lines are ignored.
 */
export async function readTrackEntries(
  args: readonly string[],
  fromFile: string | undefined,
  stdin: NodeJS.ReadableStream,
): Promise<TrackEntry[]> {
  const entries: TrackEntry[] = [];
  for (const arg of args) {
    if (arg === '-') entries.push(...parseList(await readAll(stdin), 'stdin'));
    else entries.push(parseEntry(arg, '<entries>'));
  }
  if (fromFile !== undefined) {
    let text: string;
    try {
      text = await readFile(fromFile, 'utf8');
    } catch (error) {
      throw new UsageError(`--from-file: cannot read '${printable(fromFile)}' (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    entries.push(...parseList(text, `--from-file ${fromFile}`));
  }
  if (entries.length === 0)
    throw new UsageError('no events to track: give AGENT:ID or evt_ ids as arguments, - for stdin, or --from-file <file>');
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = entryText(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parseList(text: string, source: string): TrackEntry[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    const entry = line.replace(/#.*/, '').trim();
    return entry === '' ? [] : [parseEntry(entry, `${source} line ${i + 1}`)];
  });
}

export function parseEntry(raw: string, where: string): TrackEntry {
  const text = raw.trim();
  if (/^evt_/i.test(text)) return { kind: 'event', eventId: parsePathSegment(where, text) };
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) {
    throw new UsageError(`${where}: '${printable(text)}' is not AGENT:ID (such as TMUSA:G5v8HKyBKZbyJN) or an evt_ id`);
  }
  const agentName = text.slice(0, colon).trim();
  // Codes and names in any case. An agent tix does not know is a typo to fix (exit 2), not a failed
  // request: a watch list run from cron would otherwise warn about it every 15 minutes, forever.
  const agent = parseAgent(where, agentName).code;
  return { kind: 'agent', agent, id: parsePathSegment(where, text.slice(colon + 1)) };
}
