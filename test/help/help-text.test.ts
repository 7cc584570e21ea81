import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { examplesOf, valuesOf } from '../../src/cli/kit/command-kit.js';
import { buildProgram } from '../../src/cli/program.js';
import { SETTINGS } from '../../src/config/keys.js';
import { ExitCode } from '../../src/shared/errors.js';
import { runTix } from '../helpers/tix.js';
import { allCommands } from './help-tree.js';

/** What `tix <path> --help` prints, captured in-process (Commander's own output, after-texts included). */
function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

/** The flags that are settings: their help must say what happens when they are not given. */
const SETTING_FLAGS = new Set(Object.values(SETTINGS).map((s) => s.flag));

describe('every command teaches in its --help', () => {
  for (const { path, command } of allCommands()) {
    describe(`tix ${path}`.trim(), () => {
      const help = helpOf(command);

      it('has a one-line summary', () => {
        const summary = command.summary() || command.description();
        expect(summary.trim()).not.toBe('');
        expect(summary).not.toContain('\n');
      });

      it('describes its arguments', () => {
        for (const argument of command.registeredArguments) {
          expect(argument.description, argument.name()).not.toBe('');
          expect(help).toContain(argument.name());
        }
      });

      it('lists the allowed values of its enum flags and the default of its settings', () => {
        for (const option of command.options) {
          expect(option.description, option.flags).not.toBe('');
          const values = valuesOf(option) ?? option.argChoices ?? [];
          // Commander wraps long lines: compare with the whitespace squeezed.
          const flat = help.replace(/\s+/g, ' ');
          for (const value of values) expect(flat, `${option.flags} lists ${value}`).toMatch(new RegExp(`[:|] ${value}( |$)`));
          if (option.long && SETTING_FLAGS.has(option.long)) expect(option.description, option.flags).toContain('default');
        }
        for (const argument of command.registeredArguments) {
          for (const value of valuesOf(argument) ?? argument.argChoices ?? [])
            expect(help, `<${argument.name()}> lists ${value}`).toContain(value);
        }
      });

      it('has an Examples section with every example', () => {
        const examples = examplesOf(command);
        expect(examples.length).toBeGreaterThan(0);
        expect(help).toContain('\nExamples:\n');
        for (const example of examples) {
          expect(example.command, 'runs tix').toMatch(/(^|[\s(|;&])tix /);
          expect(help).toContain(`$ ${example.command}`);
        }
      });
    });
  }
});

describe('tix with no arguments, and groups without a subcommand', () => {
  it('tix prints the top-level help, then a hint to try the sandbox', async () => {
    const result = await runTix([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: tix /);
    expect(result.stdout.trimEnd()).toMatch(/Try: tix --sandbox events search --category concerts$/);
  });

  it.each([
    ['events', ['search', 'get', 'by-agent']],
    ['sales', ['summary', 'details']],
    ['auth', ['login', 'status', 'logout']],
    ['config', ['get', 'set', 'unset', 'list', 'path']],
  ])('tix %s lists its subcommands', async (group, subcommands) => {
    const result = await runTix([group]);
    expect(result.code).toBe(0);
    const listed = result.stdout + result.stderr;
    expect(listed).toContain('Commands:');
    for (const sub of subcommands) expect(listed).toMatch(new RegExp(`\\n  ${sub} `));
  });

  it('the top-level help lists every exit code and the environment variables', () => {
    const help = helpOf(buildProgram());
    for (const code of Object.values(ExitCode)) expect(help).toMatch(new RegExp(`\\b${code}\\b`));
    for (const name of ['TIX_API_KEY', 'TIX_PROFILE', 'TIX_CONFIG_DIR', 'NO_COLOR', ...Object.values(SETTINGS).map((s) => s.env)]) {
      expect(help).toContain(name);
    }
  });
});
