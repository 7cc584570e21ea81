import { describe, expect, it } from 'vitest';
import { valuesOf } from '../../src/cli/kit/command-kit.js';
import { buildProgram } from '../../src/cli/program.js';
import { allCommands } from '../help/help-tree.js';
import { completeIn, shellBinary, type ShellName } from './complete-in.js';

/**
 * Walks the whole command tree: for every command, Tab after '-' offers exactly the flags its --help lists
 * (its own and the global ones), and Tab after each enum flag offers exactly the values recorded on that
 * flag with withValues. bash and fish are quick enough to ask about every one; zsh runs the shared cases.
 */
const program = buildProgram();
const commands = allCommands(program).map(({ path, command }) => {
  const help = command.createHelp();
  const options = [...help.visibleOptions(command), ...help.visibleGlobalOptions(command)];
  return { path, options };
});

for (const shell of ['bash', 'fish'] as ShellName[]) {
  const binary = shellBinary(shell);
  const skip = (context: { skip: (condition: boolean, note: string) => void }) =>
    context.skip(binary === undefined, `${shell} is not installed (apt-get install ${shell}); CI installs it`);

  describe(`${shell}: every flag and enum value of every command`, () => {
    for (const { path, options } of commands) {
      const line = `tix ${path}${path ? ' ' : ''}`;
      it.concurrent(`${line}--<Tab> offers the command's flags`, async (context) => {
        skip(context);
        const longFlags = options.flatMap((o) => (o.long ? [o.long] : []));
        expect(await completeIn(shell, `${line}--`)).toEqual([...new Set(longFlags)].sort());
      });
      for (const option of options) {
        const values = valuesOf(option) ?? option.argChoices;
        if (!values) continue;
        for (const name of [option.short, option.long].filter((n): n is string => n !== undefined)) {
          it.concurrent(`${line}${name} <Tab> offers ${values.join(' ')}`, async (context) => {
            skip(context);
            expect(await completeIn(shell, `${line}${name} `)).toEqual([...values].sort());
          });
        }
      }
    }
  });
}
