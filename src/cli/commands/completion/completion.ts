import { Argument, Command } from 'commander';
import { addExamples, seeAlso } from '../../kit/command-kit.js';
import { runOf } from '../../kit/run-context.js';
import { SHELLS, type Shell } from './shells.js';
import { exitCodes } from '../../kit/exit-codes.js';

const INSTALL = `Install it once:
  bash  add this line to ~/.bashrc: source <(tix completion bash)
  zsh   tix completion zsh > ~/.zfunc/_tix
        and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)
  fish  tix completion fish > ~/.config/fish/completions/tix.fish`;

export function completionCommand(): Command {
  const command = new Command('completion')
    .summary('print the shell completion script for bash, zsh or fish')
    .description(
      `Print a script that makes Tab complete tix's commands, flags, enum values, agents, settings, profiles and files.\n\n${INSTALL}`,
    )
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS));
  addExamples(command, [
    { description: 'Complete tix in this bash session', command: 'source <(tix completion bash)' },
    {
      description: 'Install for zsh (~/.zfunc must be on fpath before compinit)',
      command: 'mkdir -p ~/.zfunc && tix completion zsh > ~/.zfunc/_tix',
    },
    {
      description: 'Install for fish',
      command: 'mkdir -p ~/.config/fish/completions && tix completion fish > ~/.config/fish/completions/tix.fish',
    },
  ]);
  exitCodes(command, {});
  seeAlso(command, { guides: ['settings.md'] });
  return command.action(async (shell: Shell, _flags: unknown, cmd: Command) => {
    const { renderCompletion } = await import('./render.js');
    const proc = runOf(cmd).process;
    let root = cmd;
    while (root.parent) root = root.parent;
    // `tix completion bash | head` is fine: a reader that goes away is not an error.
    proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') proc.exit(0);
    });
    proc.stdout.write(renderCompletion(shell, root));
  });
}
