/**
 * Each command's exit codes are declared next to its definition (kit/exit-codes.ts) and listed by its man page and
 * docs/commands page. Here they are checked against docs/exit-codes.md, the one place that says what each code
 * means: a command declares only codes of its table, each command the table names under a code declares it, and
 * tix's own page lists every code of the table. (test/help/flags-accepted.test.ts checks that no run of a command
 * ends with a code it does not declare.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodesOf, exitStatusesOf } from '../../src/cli/kit/exit-codes.js';
import { buildProgram, EXIT_CODE_MEANINGS } from '../../src/cli/program.js';
import { REPO_ROOT } from '../helpers/tix-env.js';
import { allCommands } from './help-tree.js';

const guide = readFileSync(join(REPO_ROOT, 'docs', 'exit-codes.md'), 'utf8');
/** The rows of the guide's table: `| 0 | meaning | what a script should do |`, `| 130, 143 | ...`. */
const rows = [...guide.matchAll(/^\| ([\d, ]+) \| (.*) \| .* \|$/gm)].map((match) => ({
  codes: match[1]!.split(',').map((code) => Number(code.trim())),
  meaning: match[2]!,
}));
const documented = rows.flatMap((row) => row.codes);
const commands = allCommands(buildProgram());
const paths = new Set(commands.map(({ path }) => path));

describe('exit codes', () => {
  it('docs/exit-codes.md has its table', () => {
    expect(documented).toEqual([0, 1, 2, 3, 4, 5, 130, 143]);
  });

  it("tix's own page lists every code of the table", () => {
    expect(EXIT_CODE_MEANINGS.map(([code]) => Number(code))).toEqual(documented);
  });

  it.for(commands.filter(({ command }) => command.commands.length === 0 || command.parent?.parent === null))(
    'tix $path declares its codes, each one of the table',
    ({ path, command }) => {
      const declared = exitCodesOf(command);
      // A group that only shows its help needs none (tix events, tix alert); a command that runs does.
      if (command.commands.length > 0 && declared === undefined) return;
      expect(declared, `tix ${path}: exitCodes(command, {...}) next to its definition`).toBeDefined();
      for (const [code] of exitStatusesOf(command)) expect(documented, `tix ${path} declares ${code}`).toContain(code);
    },
  );

  it.for(rows.filter((row) => row.codes.length === 1))('the commands the table names under $codes declare it', (row) => {
    const named = [...row.meaning.matchAll(/`([a-z][a-z -]*)`/g)].map((match) => match[1]!).filter((word) => paths.has(word));
    for (const path of named) {
      const command = commands.find((entry) => entry.path === path)!.command;
      expect(
        exitStatusesOf(command).map(([code]) => code),
        `docs/exit-codes.md names tix ${path} under ${row.codes[0]}`,
      ).toContain(row.codes[0]);
    }
  });
});
