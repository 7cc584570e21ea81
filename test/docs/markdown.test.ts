/**
 * How the documentation tests read Markdown: which shell lines run tix and how (the marks CONTRIBUTING.md
 * documents), and which words a line runs in-process.
 */
import { expect, it } from 'vitest';
import { pastedExamplesOf, plainWords, tixLinesOf } from './markdown.js';

const doc = [
  '```sh',
  'tix events search --all | jq .   # a comment',
  '# a comment line: tix events search',
  'echo no tix here',
  '*/15 * * * * tix track --from-file ~/watchlist.txt',
  'npm install && npx tix --sandbox agents',
  'tix events get evt_0000000000      # exits 4: no such event',
  'tix auth login                     # not run (a terminal): asks for the key',
  'tix history export --to postgres://x/y   # not run: needs a PostgreSQL server',
  'tix events search --date this-week -o ndjson \\',
  '  | tix inventory STUBHUB -',
  "notify-send 'tix is done'",
  '```',
  '',
  '```console',
  '$ tix agents -o json | jq length',
  '9',
  '```',
  '',
  '```',
  'tix in a block that is not shell',
  '```',
  '',
  '```bash',
  'tix agents',
  '```',
  '',
  '```sql',
  'SELECT 1 -- tix',
  '```',
].join('\n');

it('finds the lines that run tix in sh and console blocks, with their marks', () => {
  const lines = tixLinesOf('x.md', doc).map(({ line, command, exitCode, notRun }) => ({ line, command, exitCode, notRun }));
  expect(lines).toEqual([
    { line: 2, command: 'tix events search --all | jq .', exitCode: 0, notRun: undefined },
    { line: 5, command: 'tix track --from-file ~/watchlist.txt', exitCode: 0, notRun: undefined },
    { line: 6, command: 'tix --sandbox agents', exitCode: 0, notRun: undefined },
    { line: 7, command: 'tix events get evt_0000000000', exitCode: 4, notRun: undefined },
    { line: 8, command: 'tix auth login', exitCode: 0, notRun: 'a terminal: asks for the key' },
    { line: 9, command: 'tix history export --to postgres://x/y', exitCode: 0, notRun: 'needs a PostgreSQL server' },
    { line: 10, command: 'tix events search --date this-week -o ndjson | tix inventory STUBHUB -', exitCode: 0, notRun: undefined },
    { line: 16, command: 'tix agents -o json | jq length', exitCode: 0, notRun: undefined },
    { line: 25, command: 'tix agents', exitCode: 0, notRun: undefined },
  ]);
});

it('runs in-process only what needs no shell, with ~/ as the home', () => {
  expect(plainWords(`tix events search --name '%eras tour%' --city "New York"`, '/h')).toEqual([
    'tix',
    'events',
    'search',
    '--name',
    '%eras tour%',
    '--city',
    'New York',
  ]);
  expect(plainWords('tix track --from-file ~/watchlist.txt', '/h')).toEqual(['tix', 'track', '--from-file', '/h/watchlist.txt']);
  expect(plainWords("tix inventory TMUSA 1 --section 'floor*'", '/h')).toEqual(['tix', 'inventory', 'TMUSA', '1', '--section', 'floor*']);
  for (const shell of ['tix a | jq .', 'tix a > f', 'tix a "$HOME"', 'tix a *', 'tix a; tix b', 'tix $(echo a)', "tix 'a"]) {
    expect(plainWords(shell, '/h'), shell).toBeUndefined();
  }
});

it('finds the commands shown with their output, and the terminal width a block was taken at', () => {
  const text = [
    '```console columns=80',
    '$ tix --sandbox agents \\',
    '  -o table',
    'a table',
    '',
    '$ tix --sandbox events search    # nothing under it: not an example of output',
    '```',
    '',
    '```console',
    '$ tix --sandbox agents -o json | jq length',
    '9',
    '```',
    '',
    '```sh',
    'tix --sandbox agents',
    '```',
  ].join('\n');
  expect(pastedExamplesOf('x.md', text)).toEqual([
    { file: 'x.md', line: 2, command: 'tix --sandbox agents -o table', output: ['a table', ''], columns: 80 },
    { file: 'x.md', line: 10, command: 'tix --sandbox agents -o json | jq length', output: ['9'] },
  ]);
});
