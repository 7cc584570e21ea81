import { Command } from 'commander';
import { FORMATS, isDocument, takesExcelSafe } from '../../../output/formats.js';
import { UsageError } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, collectValues, seeAlso } from '../../kit/command-kit.js';
import { excelSafeRefusal, parseOutputOptions, type OutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import type { Runtime } from '../../kit/runtime.js';
import type { ApiOptions } from './api-run.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawOutputFlags {
  field?: string[];
  paginate?: boolean;
  include?: boolean;
}

export function apiCommand(): Command {
  const command = new Command('api')
    .summary('GET any API path with the stored key (the raw escape hatch)')
    .description(
      [
        'GET any path of the API with the stored key and print the body as the API sent it (indented on a terminal), with the retries, timeouts, --debug, key masking and exit codes of every other command. For what tix does not model: the available-services endpoint the contract mentions without a path, parameters tix has no flag for, API versions still to come.',
        "The path is relative to the base URL (leading slash optional), or an absolute URL under it. A path that would leave it (another host, scheme or port, '..' or '.' segments, '//host', backslashes, control characters) is refused and nothing is sent.",
        '-o table|csv|tsv|ndjson need a body that holds a list: a top-level array, or an object with exactly one array field.',
        "A 2xx whose body is not JSON (a proxy's HTML page) is exit 1, as for every command, and is not printed; -i shows it on stderr.",
      ].join('\n\n'),
    )
    .argument('<path>', 'API path, e.g. /events/evt_fnt7jz3fkx or events?pageSize=5')
    .option('-f, --field <name=value>', 'add a query parameter, percent-encoded (repeatable; added after any in <path>)', collectValues)
    .option('--paginate', 'follow pageNumber until a page is shorter than pageSize (from <path> or -f, else 1000), merging the pages')
    .option(
      '-i, --include',
      'print the status line and response headers on stderr first (and the body, when a 2xx is not JSON: that is exit 1)',
    );
  addOutputOptions(command);
  const format = command.options.find((option) => option.long === '--output');
  // The shared text promises a table on a terminal and the output setting; here the body is shown as sent.
  if (format) format.description = `output format: ${FORMATS.join(' | ')} (default: json, the body as sent; the others need a list)`;
  addExamples(command, [
    { description: 'One event, exactly as the API sends it', command: 'tix api /events/evt_fnt7jz3fkx' },
    {
      description: 'A parameter with spaces, and the response headers on stderr',
      command: "tix api events -f 'city=New York' -f pageSize=5 -i",
    },
    {
      description: "Every event of one agent's listing, page by page, one per line",
      command: 'tix api events/seatGeek -f pageSize=500 --paginate -o ndjson',
    },
    {
      description: 'Sports events (category 4) as a table of three columns',
      command: 'tix api events -f category=4 -f pageSize=10 --fields id,name,city -o table',
    },
  ]);
  exitCodes(command, apiCodes('the API answered 404 (shown as the server sent it)'));
  seeAlso(command, { guides: ['querying.md', 'output.md'], related: ['events'] });
  return command.action(apiAction);
}

/** `tix api`'s action, which the fast path runs too (registry.ts). */
export async function apiAction(path: string, flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options: ApiOptions = {
      path,
      fields: flags.field ?? [],
      paginate: flags.paginate === true,
      include: flags.include === true,
      output: apiOutput(flags, rt),
    };
    const { runApi } = await import('./api-run.js');
    return runApi(options, rt);
  });
}

/**
 * The body as the API sent it unless a format is asked for with -o, --json or an --out file's extension:
 * the output setting (TIX_OUTPUT, profiles) is for the commands that know what they print.
 */
function apiOutput(flags: RawFlags, rt: Runtime): OutputOptions {
  const output = parseOutputOptions(flags, rt);
  const source = rt.settings.sources.output;
  const chosen = source === 'flag' || (source === 'default' && output.out !== undefined);
  if (!chosen) output.format = 'json';
  if (isDocument(output.format) && output.fields !== undefined) {
    throw new UsageError('--fields applies to -o table, csv, tsv and ndjson; json is the body as the API sent it');
  }
  if (output.excelSafe && !takesExcelSafe(output.format)) throw excelSafeRefusal(output.format);
  return output;
}
