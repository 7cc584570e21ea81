import { describe, expect, it } from 'vitest';
import { AGENT_CODES, TICKET_AGENTS } from '../../src/api/agents.js';
import { EVENT_CATEGORY, EVENT_SEARCH_SORT_BY, EVENT_SEARCH_TYPE } from '../../src/api/enums.js';
import { COMMANDS } from '../../src/cli/commands/registry.js';
import { SETTING_KEYS } from '../../src/config/keys.js';
import { FORMATS } from '../../src/output/formats.js';
import { completeIn, shellBinary, STORED_PROFILES, type ShellName, type World } from './complete-in.js';

/**
 * What Tab must offer, in every shell. Expected values come from the API tables, not from the command tree,
 * so a flag that loses its values fails here.
 */
export interface CompletionCase {
  line: string;
  expected: readonly string[];
  world?: World;
}

/**
 * What Tab offers after `tix ` and after each noun, from the registry (src/cli/commands/registry.ts), the one list of
 * commands: a command added there is expected here without a line of this file, and fails until
 * `npm run completions` has written it into the committed scripts.
 */
function commandGroups(): { path: string; names: string[] }[] {
  const named = COMMANDS.map((entry) => ({ parent: entry.parent ?? '', name: entry.build().name() }));
  const parents = ['', ...new Set(named.flatMap((c) => (c.parent ? [c.parent] : [])))];
  return parents.map((path) => ({ path, names: named.filter((c) => c.parent === path).map((c) => c.name) }));
}

const sorted = (values: readonly string[]) => [...values].sort();
const slugs = (table: readonly { slug: string }[]) => table.map((v) => v.slug);

export const CASES: readonly CompletionCase[] = [
  // The issue's "done when".
  { line: 'tix ev', expected: ['events'] },
  { line: 'tix events search --cat', expected: ['--category'] },
  { line: 'tix events search --category ', expected: slugs(EVENT_CATEGORY) },
  { line: 'tix inventory ', expected: AGENT_CODES },
  { line: 'tix events search -o ', expected: FORMATS },
  { line: 'tix inventory TMUSA -o ', expected: FORMATS },
  // Commands and subcommands: every group of the registry (commandGroups, above).
  ...commandGroups().map(({ path, names }) => ({ line: `tix ${path}${path ? ' ' : ''}`, expected: names })),
  { line: 'tix sales s', expected: ['summary'] },
  // Flags: the command's own and the global ones, wherever they are typed.
  { line: 'tix events search --page', expected: ['--page', '--page-size'] },
  // history sql refuses history's --listings and --by: Tab does not offer them.
  { line: 'tix history sql --l', expected: ['--lock-timeout'] },
  { line: 'tix history sql --b', expected: ['--base-url'] },
  { line: 'tix sales details --pro', expected: ['--profile', '--provider'] },
  { line: 'tix --profile prod --sandbox events search --ca', expected: ['--category'] },
  { line: 'tix --timeout 5 ev', expected: ['events'] },
  // Values of enum flags and arguments.
  { line: 'tix events search --type ', expected: slugs(EVENT_SEARCH_TYPE) },
  { line: 'tix events search --sort ', expected: slugs(EVENT_SEARCH_SORT_BY) },
  { line: 'tix events search --date next-', expected: ['next-3-days', 'next-7-days', 'next-10-days', 'next-2-weeks', 'next-30-days'] },
  { line: 'tix events search --category concerts --output c', expected: ['csv'] },
  { line: 'tix sales summary 101459428 --provider ', expected: ['stubhub'] },
  { line: 'tix sandbox --fault rate', expected: ['rate-limit'] },
  { line: 'tix events get --agent ', expected: TICKET_AGENTS.map((a) => a.name) },
  { line: 'tix events by-agent ', expected: TICKET_AGENTS.map((a) => a.name) },
  { line: 'tix completion ', expected: ['bash', 'zsh', 'fish'] },
  { line: 'tix config get ', expected: SETTING_KEYS },
  { line: 'tix config set page', expected: ['page-size'] },
  { line: 'tix config unset ', expected: SETTING_KEYS },
  // Nothing to offer: ids are the user's, and a command takes its arguments only once.
  { line: 'tix inventory TMUSA ', expected: [] },
  { line: 'tix completion bash ', expected: [] },
  // Profiles from the stored config; files for --out.
  { line: 'tix --profile ', expected: STORED_PROFILES, world: { config: 'TIX_CONFIG_DIR' } },
  { line: 'tix events search --profile st', expected: ['staging'], world: { config: 'XDG_CONFIG_HOME' } },
  { line: 'tix --profile ', expected: [] },
  { line: 'tix agents --out rep', expected: ['report.csv'], world: { files: ['report.csv', 'notes.txt'] } },
];

/** Registers CASES for one shell; skipped, saying why, only when the shell is not installed. */
export function describeCompletions(shell: ShellName): void {
  const binary = shellBinary(shell);
  describe(`${shell} completes tix`, () => {
    for (const { line, expected, world } of CASES) {
      // Each case runs its own shell process; zsh's takes about a second, so let them overlap.
      it.concurrent(`'${line}' offers ${expected.length > 6 ? `${expected.length} values` : JSON.stringify(expected)}`, async (context) => {
        context.skip(binary === undefined, `${shell} is not installed (apt-get install ${shell}); CI installs it`);
        expect(await completeIn(shell, line, world)).toEqual(sorted(expected));
      });
    }
  });
}
