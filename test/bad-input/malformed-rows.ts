/**
 * The malformed invocations of malformed-invocations.test.ts, as data: that file runs each in-process, and
 * test/cli/fast-path.test.ts runs each through the built binary with and without the fast path.
 */
import { expect } from 'vitest';
import { expectCleanFailure, messageLines } from '../reliability/support/expect-output.js';
import type { TixResult as TixOutcome } from '../helpers/tix.js';

export interface Row {
  /** What is wrong (or, for a valid row, what makes it valid). */
  why: string;
  args: string[];
  env?: Record<string, string>;
  input?: string;
  /** A usage error: exit 2 and this message. */
  usage?: RegExp;
  /** Valid input: the right result, checked here. */
  valid?: (result: TixOutcome) => void;
}

const usage = (why: string, args: string[], message: RegExp, env?: Record<string, string>): Row => ({
  why,
  args,
  usage: message,
  ...(env ? { env } : {}),
});
const A_100KB = 'a'.repeat(100 * 1024);
const LONG_UNICODE = 'é'.repeat(201);
const EMOJI_150 = '😀'.repeat(150); // 150 characters, 300 UTF-16 units: within the limit of 200
const NOT_A_DATE = /is not a date \(use YYYY-MM-DD/;
const CONTROL = /control characters/;

/** The API rejected a value tix cannot judge (the contract does not say what an id may contain): exit 1, its reason, the value percent-encoded in the path. */
const apiRejected = (encodedPath: RegExp) => (result: TixOutcome) =>
  expectCleanFailure(result, 1, new RegExp(`HTTP 400 from GET ${encodedPath.source}`));

export const ROWS: Row[] = [
  // Unknown commands and flags
  usage('unknown command', ['nope'], /unknown command 'nope'/),
  usage('unknown subcommand of events', ['events', 'nope'], /unknown command 'nope'/),
  usage('unknown subcommand of sales', ['sales', 'sumary', '1'], /unknown command 'sumary'/),
  usage('unknown subcommand of auth', ['auth', 'signin'], /unknown command 'signin'/),
  usage('unknown subcommand of config', ['config', 'delete', 'output'], /unknown command 'delete'/),
  usage('unknown flag', ['events', 'search', '--bogus'], /unknown option '--bogus'/),
  usage('unknown global flag', ['--bogus', 'events', 'search'], /unknown option '--bogus'/),
  usage('misspelt flag', ['events', 'search', '--cateogry', 'sports'], /unknown option '--cateogry' \(did you mean --category\?\)/),
  usage('misspelt flag of sales details', ['sales', 'details', '1', '--dayly'], /unknown option '--dayly' \(did you mean --daily\?\)/),
  usage('unknown short flag', ['events', 'search', '-x'], /unknown option '-x'/),
  usage('a value for a switch', ['events', 'search', '--all=yes'], /unknown option '--all=yes'/),
  usage('flag of another command', ['inventory', 'TMUSA', 'x', '--chart'], /unknown option '--chart'/),
  usage('stray argument', ['events', 'search', 'concerts'], /too many arguments for 'search'/),
  usage('stray argument to agents', ['agents', 'TMUSA'], /too many arguments for 'agents'/),
  usage('unknown command with -o json', ['-o', 'json', 'nope'], /unknown (command 'nope'|option '-o')/),

  // Missing arguments and option values
  usage('inventory without agent', ['inventory'], /missing required argument 'agent'/),
  usage('inventory without ids', ['inventory', 'TMUSA'], /missing required argument 'ids'/),
  usage('sales details without event', ['sales', 'details'], /missing required argument 'eventId'/),
  usage('sales summary without event', ['sales', 'summary'], /missing required argument 'eventId'/),
  usage('events get without ids', ['events', 'get'], /missing required argument 'id'/),
  usage('events by-agent without agent', ['events', 'by-agent'], /missing required argument 'agent'/),
  usage('config get without key', ['config', 'get'], /missing required argument 'key'/),
  usage('config set without value', ['config', 'set', 'page-size'], /missing required argument 'value'/),
  usage('--category without value', ['events', 'search', '--category'], /option '--category <category>' argument missing/),
  usage('-o without value', ['events', 'search', '-o'], /option '-o, --output <format>' argument missing/),
  usage('--timeout without value', ['events', 'search', '--timeout'], /option '--timeout <seconds>' argument missing/),

  // Wrong enum values
  usage(
    'category by a wrong name',
    ['events', 'search', '--category', 'music'],
    /--category: 'music' is not allowed \(did you mean misc\?\); use one of all, concerts/,
  ),
  usage('category by a wrong number', ['events', 'search', '--category', '99'], /--category: '99' is not allowed/),
  usage('negative category', ['events', 'search', '--category', '-1'], /--category: '-1' is not allowed/),
  usage('empty category', ['events', 'search', '--category', ''], /--category: '' is not allowed/),
  usage('type by a wrong name', ['events', 'search', '--type', 'x'], /--type: 'x' is not allowed/),
  usage('type by a number not in the contract', ['events', 'search', '--type', '3'], /--type: '3' is not allowed/),
  usage(
    'date preset misspelt',
    ['events', 'search', '--date', 'yesterdayy'],
    /--date: 'yesterdayy' is not allowed \(did you mean yesterday\?\)/,
  ),
  usage('date preset that needs dates', ['events', 'search', '--date', '6'], /--date: for a specified date use --on <date>/),
  usage('sort by a wrong field', ['events', 'search', '--sort', 'price'], /--sort: 'price' is not allowed/),
  usage('output format', ['events', 'search', '-o', 'xml'], /--output must be one of table, json, ndjson, csv, tsv, parquet, not 'xml'/),
  usage('empty output format', ['events', 'search', '-o', ''], /--output must be one of/),
  usage('output format from the environment', ['events', 'search'], /TIX_OUTPUT must be one of/, { TIX_OUTPUT: 'yaml' }),
  usage('provider with a space', ['sales', 'details', '1', '--provider', 'stub hub'], /--provider must be a provider code/),
  usage('config key', ['config', 'set', 'colour', 'red'], /'colour' is invalid for argument 'key'/),
  usage('time zone', ['events', 'search', '--tz', 'Mars/Olympus'], /--tz must be an IANA time zone/),
  usage('time zone from the environment', ['events', 'search'], /TIX_TIMEZONE must be an IANA time zone/, { TIX_TIMEZONE: 'Nowhere/Land' }),

  // Impossible dates
  usage('30 February', ['events', 'search', '--on', '2026-02-30'], NOT_A_DATE),
  usage('29 February of a common year', ['events', 'search', '--on', '2025-02-29'], NOT_A_DATE),
  usage('month 13', ['events', 'search', '--on', '2026-13-01'], NOT_A_DATE),
  usage('misspelt relative date', ['events', 'search', '--on', 'yesterdayy'], NOT_A_DATE),
  usage('unknown offset unit', ['events', 'search', '--on', '-7x'], NOT_A_DATE),
  usage('offset too large', ['events', 'search', '--on', '+99999d'], NOT_A_DATE),
  usage('slashes', ['events', 'search', '--on', '2026/03/01'], NOT_A_DATE),
  usage('hour 25', ['events', 'search', '--date-start', '2026-03-01T25:00'], NOT_A_DATE),
  usage('empty date', ['events', 'search', '--on', ''], NOT_A_DATE),
  usage('impossible --from of sales', ['sales', 'details', '1', '--from', '2026-02-30'], NOT_A_DATE),
  usage('impossible --to of by-agent', ['events', 'by-agent', 'tmusa', '--to', '2026-04-31'], NOT_A_DATE),
  usage(
    '--from after --to',
    ['events', 'search', '--from', '2026-03-02', '--to', '2026-03-01'],
    /--from \(2026-03-02\) is after --to \(2026-03-01\)/,
  ),
  usage(
    '--from after --to (relative)',
    ['events', 'search', '--from', 'tomorrow', '--to', 'yesterday'],
    /--from \(\d{4}-\d{2}-\d{2}\) is after --to/,
  ),
  usage(
    'sales --from after --to',
    ['sales', 'summary', '1', '--from', '2026-03-02', '--to', '2026-03-01'],
    /--from \(2026-03-02\) is after --to/,
  ),
  usage(
    'by-agent --from after --to',
    ['events', 'by-agent', 'tmusa', '--from', '+1m', '--to', '-1m'],
    /--from \(\d{4}-\d{2}-\d{2}\) is after --to/,
  ),
  usage(
    '--date-start after --date-end',
    ['events', 'search', '--date-start', '2026-03-02', '--date-end', '2026-03-01'],
    /--date-start \(2026-03-02\) is after --date-end/,
  ),
  usage('--from without --to', ['events', 'search', '--from', '2026-03-01'], /--from and --to go together/),
  usage('--date and --on together', ['events', 'search', '--date', 'today', '--on', 'today'], /--date and --on cannot be used together/),

  // Numbers
  usage('page size 0', ['events', 'search', '--page-size', '0'], /--page-size must be a whole number from 1 to 5000, not '0'/),
  usage('page size -1', ['events', 'search', '--page-size', '-1'], /--page-size must be a whole number from 1 to 5000, not '-1'/),
  usage('page size 5001', ['events', 'search', '--page-size', '5001'], /--page-size must be a whole number from 1 to 5000, not '5001'/),
  usage('page size 1e3', ['events', 'search', '--page-size', '1e3'], /--page-size must be a whole number from 1 to 5000, not '1e3'/),
  usage('page size abc', ['events', 'search', '--page-size', 'abc'], /--page-size must be a whole number from 1 to 5000, not 'abc'/),
  usage('page size empty', ['events', 'search', '--page-size', ''], /--page-size must be a whole number from 1 to 5000, not ''/),
  usage('page size 1.5', ['events', 'search', '--page-size', '1.5'], /--page-size must be a whole number/),
  usage('page size in hex', ['events', 'search', '--page-size', '0x10'], /--page-size must be a whole number/),
  usage('page size from the environment', ['events', 'search'], /TIX_PAGE_SIZE must be a whole number from 1 to 5000, not '0'/, {
    TIX_PAGE_SIZE: '0',
  }),
  usage('page size of by-agent', ['events', 'by-agent', 'tmusa', '--page-size', '5001'], /--page-size must be a whole number/),
  usage('page 0', ['events', 'search', '--page', '0'], /--page must be a whole number from 1/),
  usage('page -1', ['events', 'search', '--page', '-1'], /--page must be a whole number from 1/),
  usage('limit 0', ['events', 'search', '--limit', '0'], /--limit must be a whole number from 1/),
  usage('limit abc', ['events', 'search', '--limit', 'abc'], /--limit must be a whole number from 1/),
  usage('concurrency 0', ['events', 'search', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 16/),
  usage('concurrency 17', ['events', 'search', '--concurrency', '17'], /--concurrency must be a whole number from 1 to 16/),
  usage('timeout 0', ['--timeout', '0', 'events', 'search'], /--timeout must be a number of seconds greater than 0/),
  usage('timeout -1', ['--timeout', '-1', 'events', 'search'], /--timeout must be a number of seconds greater than 0/),
  usage('timeout 1e2', ['--timeout', '1e2', 'events', 'search'], /--timeout must be a number of seconds/),
  usage('timeout of an hour and a second', ['--timeout', '3601', 'events', 'search'], /at most 3600/),
  usage('retries -1', ['--retries', '-1', 'events', 'search'], /--retries must be a whole number from 0 to 10/),
  usage('retries 11', ['--retries', '11', 'events', 'search'], /--retries must be a whole number from 0 to 10/),
  usage('retries 1.5', ['--retries', '1.5', 'events', 'search'], /--retries must be a whole number/),
  usage('retries from the environment', ['events', 'search'], /TIX_RETRIES must be a whole number/, { TIX_RETRIES: 'many' }),
  usage('config set page size 0', ['config', 'set', 'page-size', '0'], /page-size must be a whole number from 1 to 5000, not '0'/),

  // Empty strings
  usage('empty --name', ['events', 'search', '--name', ''], /--name must not be empty/),
  usage('blank --venue', ['events', 'search', '--venue', '   '], /--venue must not be empty/),
  usage('empty --city', ['events', 'search', '--city', ''], /--city must not be empty/),
  usage('empty --tz', ['events', 'search', '--tz', ''], /--tz must be an IANA time zone/),
  usage('empty --fields', ['events', 'search', '--fields', ''], /--fields must be a comma-separated list/),
  usage('empty field in --fields', ['events', 'search', '--fields', 'id,,name'], /--fields must be a comma-separated list/),
  usage('empty --out', ['events', 'search', '--out', ''], /--out needs a file name/),
  usage('empty --profile', ['--profile', '', 'events', 'search'], /--profile must be a profile name/),
  usage('empty --base-url', ['--base-url', '', 'events', 'search'], /--base-url must be an http:\/\/ or https:\/\/ URL/),
  usage('empty agent', ['inventory', '', 'x1'], /<agent> must not be empty/),
  usage('empty id list', ['inventory', 'TMUSA', ''], /<ids>: no ids given/),
  usage('only commas', ['inventory', 'TMUSA', ',,,'], /<ids>: no ids given/),
  usage('empty sales event', ['sales', 'details', ''], /<eventId> must not be empty/),
  usage('empty event id', ['events', 'get', ''], /<id>: no ids given/),
  usage('empty by-agent agent', ['events', 'by-agent', ''], /<agent> must not be empty/),
  usage('empty --agent', ['events', 'get', '--agent', '', 'x1'], /--agent must not be empty/),

  // An agent tix does not know: exit 2 before any request (test/cli/commands/events/unknown-agent.test.ts counts them)
  usage(
    'unknown agent of inventory',
    ['inventory', 'NOPE', 'x1'],
    /^tix: <agent>: 'NOPE' is not a ticket agent; agents: TMUSA \(ticketMaster\), /,
  ),
  usage(
    'unknown --agent of events get',
    ['events', 'get', '--agent', 'FOO', 'x1'],
    /^tix: --agent: 'FOO' is not a ticket agent; agents: TMUSA/,
  ),
  usage('unknown agent of events by-agent', ['events', 'by-agent', 'FOO'], /^tix: <agent>: 'FOO' is not a ticket agent; agents: TMUSA/),
  usage('unknown agent of watch', ['watch', 'NOPE', 'x1', '--count', '1'], /^tix: <agent>: 'NOPE' is not a ticket agent; agents: TMUSA/),

  // Ids that cannot be sent: dot segments, control characters, too long
  usage('id ..', ['inventory', 'TMUSA', '..'], /<ids>: '\.\.' is not an id/),
  usage('id .', ['inventory', 'TMUSA', '.'], /<ids>: '\.' is not an id/),
  usage('agent ..', ['events', 'by-agent', '..'], /<agent>: '\.\.' is not an id/),
  usage('sales event ..', ['sales', 'summary', '..'], /<eventId>: '\.\.' is not an id/),
  usage('agent id ..', ['events', 'get', '--agent', 'tmusa', '..'], /<id>: '\.\.' is not an id/),
  usage('id with a control character', ['inventory', 'TMUSA', 'a\u0001b'], /<ids>: 'a\\x01b' contains control characters/),
  usage('id with a newline', ['sales', 'details', '12\n34'], CONTROL),
  usage('id with DEL', ['events', 'get', '--agent', 'tmusa', 'a\u007fb'], CONTROL),
  usage('id with a C1 control', ['inventory', 'TMUSA', 'a\u0085b'], CONTROL),
  usage('agent with an escape sequence', ['events', 'by-agent', 'tm\u001b[31musa'], CONTROL),
  usage(
    'name with an escape sequence',
    ['events', 'search', '--name', '\u001b]0;pwned\u0007'],
    /--name must not contain control characters/,
  ),
  usage('city with a tab', ['events', 'search', '--city', 'New\tYork'], /--city must not contain control characters/),
  usage('long unicode id', ['inventory', 'TMUSA', LONG_UNICODE], /<ids> is 201 characters long; at most 200 are allowed/),
  usage('long unicode event id', ['sales', 'details', LONG_UNICODE], /<eventId> is 201 characters long/),
  usage('100 KB --name', ['events', 'search', '--name', A_100KB], /--name is 102400 characters long; at most 200 are allowed/),
  usage('100 KB --venue', ['events', 'search', '--venue', A_100KB], /--venue is 102400 characters long/),
  usage('100 KB by-agent --name', ['events', 'by-agent', 'tmusa', '--name', A_100KB], /--name is 102400 characters long/),
  usage('100 KB id', ['inventory', 'TMUSA', A_100KB], /<ids> is 102400 characters long/),
  usage('100 KB file name', ['events', 'search', '--out', `/tmp/${A_100KB}.csv`], /--out .*file name too long/),

  // Other contradictions and impossible values
  usage('--asc and --desc', ['events', 'search', '--asc', '--desc'], /--asc and --desc cannot be used together/),
  usage('--json and -o csv', ['events', 'search', '--json', '-o', 'csv'], /--json and --output csv disagree/),
  usage(
    '--excel-safe with json',
    ['events', 'search', '--excel-safe', '-o', 'json'],
    /--excel-safe applies to csv and tsv output, not json/,
  ),
  usage('--chart with csv', ['sales', 'summary', '1', '--chart', '-o', 'csv'], /--chart draws for people/),
  usage('service id without evt_', ['events', 'get', 'abc'], /'abc' is not a service event id/),
  usage('profile with a slash', ['--profile', 'a/b', 'events', 'search'], /--profile must be a profile name/),
  usage('profile from the environment', ['events', 'search'], /TIX_PROFILE must be a profile name/, { TIX_PROFILE: 'my profile' }),
  usage('base URL not a URL', ['--base-url', 'api.example.com', 'events', 'search'], /--base-url must be an http:\/\/ or https:\/\/ URL/),
  usage('base URL with ftp', ['--base-url', 'ftp://example.com', 'events', 'search'], /--base-url must be an http:\/\/ or https:\/\/ URL/),
  usage(
    'base URL with credentials',
    ['--base-url', 'https://me:pw@example.com', 'events', 'search'],
    /without credentials, query or fragment/,
  ),
  usage(
    'base URL with a query',
    ['--base-url', 'https://example.com/?apiKey=x', 'events', 'search'],
    /without credentials, query or fragment/,
  ),
  usage(
    '--out in a missing folder',
    ['events', 'search', '--out', '/nonexistent-tix-dir/x.csv'],
    /--out \/nonexistent-tix-dir\/x\.csv: folder \/nonexistent-tix-dir does not exist/,
  ),
  usage('--out a folder', ['events', 'search', '--out', '/tmp'], /--out \/tmp: is a folder; give a file name/),
  usage('--out ending in a slash', ['events', 'search', '--out', '/tmp/x/'], /is a folder name; give a file name/),
  usage('--fields with a space', ['events', 'search', '--fields', 'id,event name'], /--fields: 'event name' is not a field name/),

  // Valid input: the right result
  {
    why: 'ids with / ? # % and a space are sent percent-encoded, and the API judges them',
    args: ['inventory', 'TMUSA', 'a/b', 'c?d', 'e#f', '%41', 'g h'],
    valid: apiRejected(/\/inventory\/TMUSA\/a%2Fb,c%3Fd,e%23f,%2541,g%20h/),
  },
  {
    why: 'a sales event id with ?',
    args: ['sales', 'details', '1?startDate=2020-01-01'],
    valid: apiRejected(/\/events\/stubhub\/1%3FstartDate%3D2020-01-01\/sales-details/),
  },
  { why: 'a service id with #', args: ['events', 'get', 'evt_a#b'], valid: apiRejected(/\/events\/evt_a%23b/) },
  {
    why: '150 emoji: 150 characters, within the limit',
    args: ['inventory', 'TMUSA', EMOJI_150],
    valid: apiRejected(/\/inventory\/TMUSA\/(%F0%9F%98%80)+/),
  },
  {
    why: '29 February of a leap year',
    args: ['events', 'search', '--on', '2028-02-29', '-o', 'ndjson'],
    valid: (result) => {
      expect(result.code).toBe(0);
      for (const line of result.stdout.split('\n').filter(Boolean)) expect(JSON.parse(line).eventDate).toMatch(/^2028-0(2-29|3-01)/);
    },
  },
  {
    why: 'a category by number',
    args: ['events', 'search', '--category', '4', '--page-size', '5', '-o', 'ndjson'],
    valid: (result) => {
      expect(result.code).toBe(0);
      for (const line of result.stdout.split('\n').filter(Boolean)) expect(JSON.parse(line).category).toBe('Sports');
    },
  },
  {
    why: 'a name of exactly 200 characters (no match: exit 0, a note)',
    args: ['events', 'search', '--name', 'z'.repeat(200)],
    valid: (result) => {
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(messageLines(result.stderr)).toEqual(['No events found.']);
    },
  },
];

/** 10,000 ids: valid, however many; the answer has one entry per id, in order. */
function tenThousandIds(viaStdin: boolean): Row {
  const ids = Array.from({ length: 10_000 }, (_, i) => `id${i}`);
  return {
    why: `10,000 inventory ids ${viaStdin ? 'on stdin' : 'as arguments'}`,
    args: ['inventory', 'TMUSA', ...(viaStdin ? ['-'] : ids), '--concurrency', '16'],
    ...(viaStdin ? { input: ids.join('\n') } : {}),
    valid: (result) => {
      expect(result.code, result.stderr.slice(0, 500)).toBe(0);
      expect(JSON.parse(result.stdout).data.map((d: { eventId: string }) => d.eventId)).toEqual(ids);
    },
  };
}
ROWS.push(tenThousandIds(false), tenThousandIds(true));
