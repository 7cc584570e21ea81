/**
 * Help lists only what a command accepts (issue 37 §2). For every command of the tree, every flag that its help
 * page (dist/help.json, what `tix <command> --help` prints), its man page, its docs/commands page or its shell
 * completions offer is run, with the command's minimal arguments and a valid value, against the sandbox with a
 * price history that has an event and an alert rule in it; no run may be refused as "does not apply", nor with any
 * other usage error (exit 2) unless the value itself is one the flag refuses in that setting (USAGE_EXPECTED), nor end
 * with an exit code the command does not declare (kit/exit-codes.ts). The four lists must also be the same list.
 *
 * A flag a command inherits but refuses (kit/inherited-flags.ts) is left out of all four by one declaration; a
 * refusal written anywhere else, or a flag added to a parent (`tix history`) that its subcommands do not take,
 * fails here.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionModel } from '../../src/cli/commands/completion/model.js';
import { exitStatusesOf } from '../../src/cli/kit/exit-codes.js';
import { buildProgram } from '../../src/cli/program.js';
import { DOCS_NOW, useSandbox } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { REPO_ROOT, sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { allCommands } from './help-tree.js';
import { limited } from '../helpers/limited.js';

// The documentation's events are on sale at its clock (a watch for a price waits for one).
const api = useSandbox({ now: DOCS_NOW });
const EVENT = 'evt_fnt7jz3fkx';
const TMUSA_ID = 'G5v8HKyBKZbyJN';
const STUBHUB_ID = '101459428';

const program = buildProgram();
const commands = allCommands(program);
/** The codes each command declares it can end with (kit/exit-codes.ts), by path. */
const exitCodes = new Map(commands.map(({ path, command }) => [path, exitStatusesOf(command).map(([code]) => code)]));
const pageName = (path: string) => ['tix', ...(path ? path.split(' ') : [])].join('-');

/** The long flags of a help page's "Options:" and "Global Options:" (a short flag alone counts as itself). */
function helpFlags(page: string): string[] {
  const flags: string[] = [];
  let inOptions = false;
  for (const line of page.split('\n')) {
    if (/^(Global )?Options:$/.test(line)) inOptions = true;
    else if (/^\S/.test(line)) inOptions = false;
    else if (inOptions) {
      const term = /^ {2}(-[^ ,]+(?:, -[^ ]+)?)/.exec(line)?.[1];
      if (term) flags.push(longOf(term));
    }
  }
  return flags;
}

/** `-o, --output <format>` -> --output. */
function longOf(term: string): string {
  const names = term.split(/[ ,]+/).filter((word) => word.startsWith('-'));
  return names.find((name) => name.startsWith('--')) ?? names[0]!;
}

/** The flags a man page's OPTIONS and GLOBAL OPTIONS list (`.TP` then `.B <term>`). */
function manFlags(page: string): string[] {
  const flags: string[] = [];
  let section = '';
  const lines = page.split('\n');
  lines.forEach((line, i) => {
    if (line.startsWith('.SH ')) section = line.slice(4);
    else if (/^(GLOBAL )?OPTIONS$/.test(section) && line.startsWith('.B ') && lines[i - 1] === '.TP')
      flags.push(longOf(line.slice(3).replace(/\\-/g, '-').replace(/\\e/g, '\\')));
  });
  return flags;
}

/** The flags a docs/commands page's "Options" and "Global options" list (- `term`: description). */
function referenceFlags(page: string): string[] {
  const flags: string[] = [];
  let section = '';
  for (const line of page.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    else if (/^(Global o|O)ptions$/.test(section)) {
      const term = /^- `([^`]+)`/.exec(line)?.[1];
      if (term) flags.push(longOf(term));
    }
  }
  return flags;
}

const helpPages: Record<string, string> = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', 'help.json'), 'utf8'));
const model = completionModel(program);

interface Listed {
  path: string;
  /** Each source's flags, sorted. */
  sources: Record<'help' | 'man' | 'reference' | 'completion', string[]>;
  /** Every flag any of them lists. */
  flags: string[];
}

const listed: Listed[] = commands.map(({ path }) => {
  const help = helpPages[path ? `${path} --help` : ''];
  if (help === undefined) throw new Error(`dist/help.json has no page for '${path}'`);
  const completion = model.commands.find((c) => c.path.join(' ') === path);
  const sorted = (flags: string[]) => [...new Set(flags)].sort();
  const sources = {
    help: sorted(helpFlags(help)),
    man: sorted(manFlags(readFileSync(join(REPO_ROOT, 'man', 'man1', `${pageName(path)}.1`), 'utf8'))),
    reference: sorted(referenceFlags(readFileSync(join(REPO_ROOT, 'docs', 'commands', `${pageName(path)}.md`), 'utf8'))),
    completion: sorted((completion?.flags ?? []).map((flag) => flag.long ?? flag.short ?? '')),
  };
  return { path, sources, flags: sorted(Object.values(sources).flat()) };
});

/** The arguments each command runs with: the fewest that make a valid run (a command not here fails the test). */
const ARGS: Record<string, readonly string[]> = {
  '': [],
  events: [],
  'events search': [],
  'events get': [EVENT],
  'events by-agent': ['TMUSA'],
  'events view': [EVENT],
  inventory: ['TMUSA', TMUSA_ID],
  watch: ['TMUSA', TMUSA_ID, '--count', '1'],
  sales: [],
  'sales summary': [STUBHUB_ID],
  'sales details': [STUBHUB_ID],
  track: [EVENT],
  history: [EVENT],
  'history list': [],
  'history summary': [EVENT],
  'history coverage': [],
  'history export': ['--to', '<folder>/copy.duckdb'],
  'history sql': ['SELECT count(*) AS n FROM snapshots'],
  report: [EVENT],
  alert: [],
  'alert add': [EVENT, '--below', '100'],
  'alert list': [],
  'alert rm': ['1'],
  'alert pause': ['1'],
  'alert resume': ['1'],
  'alert test': ['1'],
  'alert approve': ['2'],
  agents: [],
  api: ['/events?pageSize=1'],
  auth: [],
  'auth login': ['--with-key'],
  'auth status': [],
  'auth logout': [],
  config: [],
  'config get': ['output'],
  'config set': ['output', 'csv'],
  'config unset': ['output'],
  'config list': [],
  'config path': [],
  sandbox: ['--port', '0'],
  completion: ['bash'],
};

/** A valid value of each flag that takes one (`<folder>` is the run's own folder). */
const VALUES: Record<string, string> = {
  '--profile': 'default',
  '--base-url': '<sandbox>',
  '--timeout': '30',
  '--retries': '1',
  '--concurrency': '2',
  '--jq': '.',
  '--category': 'concerts',
  '--type': 'event',
  '--date': 'next-30-days',
  '--on': '2025-12-20',
  '--from': '2025-12-01',
  '--to': '2026-06-01',
  '--date-start': '2025-12-01',
  '--date-end': '2026-06-01',
  '--sort': 'event-date',
  '--name': 'a',
  '--venue': 'a',
  '--city': 'a',
  '--state': 'NY',
  '--country': 'US',
  '--tz': 'UTC',
  '--password': 'secret',
  '--omit': 'venue',
  '--ticket-agent': 'TMUSA',
  '--page': '1',
  '--page-size': '10',
  '--limit': '2',
  '--output': 'json',
  '--fields': 'id',
  '--out': '<folder>/out.json',
  '--agent': 'TMUSA',
  '--id': `TMUSA=${TMUSA_ID}`,
  '--top': '3',
  '--sales-days': '7',
  '--min-quantity': '2',
  '--min-price': '1',
  '--max-price': '100000',
  '--section': '*',
  '--interval': '1s',
  '--count': '1',
  '--until-price': '100000',
  '--db': '<folder>/history.duckdb',
  '--lock-timeout': '5',
  '--schema': 'public',
  '--provider': 'stubhub',
  '--from-file': '<folder>/entries.txt',
  '--since': '-30d',
  '--until': 'tomorrow',
  '--by': 'day',
  '--per': 'section',
  '--to-schema': 'public',
  '--file': '<folder>/query.sql',
  '--sql-db': 'postgres://reader@127.0.0.1:9/market',
  '--below': '100',
  '--drop': '10',
  '--notify-url': 'http://127.0.0.1:9/hook',
  '--notify-exec': 'true',
  '--field': 'pageSize=1',
  '--port': '0',
  '--seed': '7',
  '--events': '20',
  '--latency': '0',
  '--fail-rate': '0',
  '--now': DOCS_NOW,
  '--time-scale': '1',
  '--fault': 'reset',
  '--fault-rate': '0',
  '--large-sales': '10',
  '--request-log': '10',
};

/** Values a flag means differently in one command (`--to` of history export is a store; of sales, a date). */
const VALUES_IN: Record<string, Record<string, string>> = {
  'history export': { '--to': '<folder>/other.duckdb' },
  'alert add': { '--until': '2026-06-01', '--agent': 'ticketMaster' },
  'sales summary': { '--from': '2025-11-01', '--to': '2025-11-30' },
  'sales details': { '--from': '2025-11-01', '--to': '2025-11-30' },
  'events view': { '--fields': 'section' },
  watch: { '--output': 'ndjson' },
  inventory: { '--fields': 'section' },
  'history sql': { '--fields': 'n' },
  'history list': { '--fields': 'event_id' },
  'history summary': { '--fields': 'agent' },
  'history coverage': { '--fields': 'agent' },
  history: { '--fields': 'agent' },
  'alert list': { '--fields': 'id' },
  'config list': { '--fields': 'key' },
  track: { '--fields': 'agent' },
  agents: { '--fields': 'code' },
};

/** What a flag needs beside it to mean anything (flags that go together). */
const WITH: Record<string, readonly string[]> = {
  '--excel-safe': ['-o', 'csv'],
  '--no-header': ['-o', 'csv'],
};
const WITH_IN: Record<string, Record<string, readonly string[]>> = {
  'events search': { '--from': ['--to', '2026-06-01'], '--to': ['--from', '2025-12-01'] },
  'history summary': { '--until': ['--since', '-30d'] },
  // --per and --supply shape --by's rows.
  history: { '--per': ['--by', 'day'], '--supply': ['--by', 'day'] },
  // -o json is the API's body as sent, whole.
  api: { '--fields': ['-o', 'csv'] },
};

/** Arguments in place of the command's ARGS, with one flag. */
const ARGS_WITH: Record<string, Record<string, readonly string[]>> = {
  // The query comes from the file.
  'history sql': { '--file': [] },
  // --drop is the rule's condition, in place of --below.
  'alert add': { '--drop': [EVENT] },
};

/**
 * Runs that exit 2 for the value, not the flag: the flag is accepted, and refuses this value in this setting
 * (each has its own message, none "does not apply").
 */
const USAGE_EXPECTED: Record<string, RegExp> = {
  // --schema and --to-schema name a PostgreSQL schema; the test's stores are DuckDB files.
  '--schema': /--schema is for a PostgreSQL store/,
  '--to-schema': /--to-schema is for a PostgreSQL store/,
  // --sql-db is the role of a PostgreSQL store's query.
  '--sql-db': /--sql-db/,
};

/** The command line that runs `flag` on the command at `path`, in `folder`. */
function lineFor(path: string, flag: string, takesValue: boolean, folder: string): string[] {
  const args = ARGS[path];
  if (args === undefined) throw new Error(`ARGS has no arguments for '${path}': add the fewest a run needs`);
  const fill = (value: string) => value.replace('<folder>', folder).replace('<sandbox>', api().url);
  const value = VALUES_IN[path]?.[flag] ?? VALUES[flag];
  if (takesValue && value === undefined) throw new Error(`VALUES has no value for ${flag}: add a valid one`);
  const withFlag = WITH_IN[path]?.[flag] ?? WITH[flag] ?? [];
  const ownArgs = ARGS_WITH[path]?.[flag] ?? args;
  return [...(path ? path.split(' ') : []), ...ownArgs, ...withFlag, flag, ...(takesValue ? [value!] : [])].map(fill);
}

const slot = limited(8);

/** A history with the event tracked, alert rule 1 and rule 2 (with a --notify-exec to approve), copied for each run. */
let template: string;
beforeAll(async () => {
  template = tempDir('tix-flags-template-');
  const env = { ...sandboxEnv(api().url), TIX_DB: join(template, 'history.duckdb'), HOME: template };
  for (const args of [
    ['track', EVENT],
    ['alert', 'add', EVENT, '--below', '100'],
    ['alert', 'add', EVENT, '--below', '50', '--notify-exec', 'true'],
  ]) {
    const result = await runTix(args, { env, now: () => new Date(DOCS_NOW) });
    expect(result.code, `tix ${args.join(' ')}: ${result.stderr}`).toBe(0);
  }
}, 60_000);
afterAll(() => rmSync(template, { recursive: true, force: true }));

/** A fresh folder with a copy of the history, the files some flags read, and a config folder. */
function world(): { folder: string; env: Record<string, string> } {
  const folder = tempDir('tix-flags-');
  cpSync(template, folder, { recursive: true });
  writeFileSync(join(folder, 'entries.txt'), `${EVENT}\n`);
  writeFileSync(join(folder, 'query.sql'), 'SELECT count(*) AS n FROM snapshots\n');
  mkdirSync(join(folder, 'config'));
  return {
    folder,
    env: {
      ...sandboxEnv(api().url),
      HOME: folder,
      TIX_DB: join(folder, 'history.duckdb'),
      TIX_CONFIG_DIR: join(folder, 'config'),
    },
  };
}

describe('help, man pages, reference pages and completions list the same flags', () => {
  it.for(listed.map((entry) => [entry.path || 'tix', entry] as const))('%s', ([, { path, sources }]) => {
    expect(sources.help.length, `tix ${path} --help lists no flag`).toBeGreaterThan(0);
    expect({ man: sources.man, reference: sources.reference, completion: sources.completion }).toEqual({
      man: sources.help,
      reference: sources.help,
      completion: sources.help,
    });
  });
});

describe('every flag a page lists is accepted', () => {
  it('has the arguments of every command', () => {
    expect(Object.keys(ARGS).sort()).toEqual(commands.map(({ path }) => path).sort());
  });

  const takesValue = new Map([...model.flagsByName].map(([name, flag]) => [name, flag.takesValue] as const));

  it.concurrent.for(listed.map((entry) => [entry.path || 'tix', entry] as const))(
    'tix %s: each flag it lists',
    { timeout: 300_000 },
    async ([, { path, flags }]) => {
      const refused: string[] = [];
      const runFlag = async (flag: string) => {
        const { folder, env } = world();
        const args = lineFor(path, flag, takesValue.get(flag) ?? false, folder);
        // `tix sandbox` serves until stopped: the harness stops it (as SIGTERM) after a moment; a refusal comes first.
        const result = await runTix(args, {
          env,
          input: path === 'auth login' ? 'sandbox-key\n' : '',
          now: () => new Date(DOCS_NOW),
          ...(path === 'sandbox' ? { timeoutMs: 1000 } : {}),
        });
        rmSync(folder, { recursive: true, force: true });
        const firstLine = result.stderr.split('\n')[0] ?? '';
        if (result.code !== null && !exitCodes.get(path)!.includes(result.code))
          refused.push(`tix ${args.join(' ')}: exit ${result.code}, which tix ${path} does not declare: ${firstLine}`);
        if (/does not apply/.test(result.stderr)) refused.push(`tix ${args.join(' ')}: ${firstLine}`);
        else if (result.code === 2 && !USAGE_EXPECTED[flag]?.test(result.stderr))
          refused.push(`tix ${args.join(' ')}: exit 2: ${firstLine}`);
      };
      await Promise.all(flags.map((flag) => slot(() => runFlag(flag))));
      expect(refused, 'flags the pages list that the command refuses').toEqual([]);
    },
  );
});
