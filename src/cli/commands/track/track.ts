import { Command, Option } from 'commander';
import { addExamples, addOutputOptions, withValueSource, seeAlso } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { readTrackEntries } from '../../kit/track-entries.js';
import type { TrackOptions } from './track-run.js';
import { STORE_BUSY, apiCodes, exitCodes } from '../../kit/exit-codes.js';
import { ExitCode } from '../../../shared/errors.js';

interface RawFlags extends RawOutputFlags, RawStoreFlags {
  fromFile?: string;
  sales?: boolean;
  strictNotify?: boolean;
}

export function trackCommand(): Command {
  const command = new Command('track')
    .summary('record the current inventory of a watch list in the price history')
    .description(
      [
        'Record what the ticket agents list now for a watch list of events, in the price history database (see \'tix history\'): per agent and event one snapshot (listings, tickets, lowest, median and highest price) and every listing. The API only answers "now": run this from cron, and tix keeps the past.',
        'Entries: AGENT:ID (the agent by code or name, any case, and its own event id), or an evt_ id for every agent that lists the event. A snapshot already stored (same agent, event and API timestamp) is not stored again. The service event (evt_ id, name, date, place) and the ids its agents give it are stored too: an AGENT:ID is looked up by that id the first time it is tracked.',
        'Prints one summary line on stderr, and nothing on stdout unless an output flag is given; an --out file is written only when every entry worked.',
        'When another process (a notebook, say) holds the DuckDB file past --lock-timeout, what was fetched is kept in <file>.pending/ and stored by the next run that gets the file: one line on stderr says so, and the exit code is 0.',
        'Evaluates the alert rules (\'tix alert\') against what it stores: one stderr line per alert (with -o ndjson also one JSON object on stdout, "type":"alert"), and each rule\'s webhook or command; a delivery that fails is retried by the next run.',
      ].join('\n'),
    )
    .argument('[entries...]', 'AGENT:ID or evt_ ids to track, or - to read a list from stdin')
    .addOption(
      withValueSource(new Option('--from-file <file>', 'read entries from a file: one a line, # comments, blank lines ignored'), 'files'),
    )
    .option('--sales', 'also record the daily StubHub sales summary of each event with a StubHub id')
    .option(
      '--strict-notify',
      'exit 1 when an alert could not be delivered (default: a warning, exit 0; it stays pending for the next run)',
    );
  addStoreOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    {
      description: "Record two agents' listings and every agent of one event",
      command: 'tix track TMUSA:G5v8HKyBKZbyJN STUBHUB:101459428 evt_fnt7jz3fkx',
    },
    {
      description: "Track this week's concerts at every agent, with their sales",
      command: 'tix events search --category concerts --date this-week --limit 5 -o ndjson | jq -r .id | tix track - --sales',
    },
    { description: 'What was stored, as a table', command: 'tix track evt_fnt7jz3fkx -o table' },
    {
      description: 'A watch list file, as a crontab line would run it every 15 minutes: */15 * * * * tix track --from-file ~/watchlist.txt',
      command: "printf 'TMUSA:G5v8HKyBKZbyJN\\n# every agent:\\nevt_fnt7jz3fkx\\n' > watchlist.txt && tix track --from-file watchlist.txt",
    },
  ]);
  exitCodes(command, {
    ...apiCodes(),
    [ExitCode.ERROR]:
      'entries that failed (some or all; each named in a warning), an alert not delivered with --strict-notify, the history store failed, or an unexpected error',
    [ExitCode.AUTH]: 'nothing could be fetched because of the key (no key, 401 or 403)',
    [ExitCode.UNAVAILABLE]: `the API unavailable after retries; ${STORE_BUSY} (then the snapshots wait in the pending folder, exit 0)`,
  });
  seeAlso(command, { guides: ['history.md', 'postgresql.md'], related: ['history', 'watch', 'alert'] });
  return command.action(async (entries: string[], flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      // --jq asks for JSON as -o json does.
      const outputGiven = flags.output !== undefined || flags.json === true || flags.out !== undefined || rt.globals.jq !== undefined;
      const options: TrackOptions = {
        entries: await readTrackEntries(entries, flags.fromFile, rt.io.stdin),
        sales: flags.sales === true,
        strictNotify: flags.strictNotify === true,
        store: parseStoreFlags(flags),
        concurrency: rt.settings.values.concurrency,
        ...(outputGiven ? { output: parseOutputOptions(flags, rt) } : {}),
      };
      const { runTrack } = await import('./track-run.js');
      return runTrack(options, rt);
    }),
  );
}
