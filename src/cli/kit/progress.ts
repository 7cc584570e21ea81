import { heldDescriptor } from '../../output/index.js';
import type { OutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export interface Progress {
  update(text: string): void;
  stop(): void;
}

const silent: Progress = { update() {}, stop() {} };

const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

/**
 * A spinner on stderr for long work, for a person at a terminal: never with --quiet, --debug or NO_COLOR,
 * and not while the data itself goes to that terminal, where redrawing the spinner would tear the rows.
 */
export async function progress(rt: Runtime, text: string, output: OutputOptions): Promise<Progress> {
  const stderr = rt.io.stderr as { columns?: number };
  const dataOnTerminal = rt.io.stdout.isTTY === true && (output.out === undefined || (await heldDescriptor(output.out)) === 1);
  // ora cannot lay out a terminal of unknown width (a pty with 0 columns): no spinner there either.
  if (rt.quiet || rt.globals.debug || dataOnTerminal || !rt.colorFor(rt.io.stderr) || !(stderr.columns! > 0)) return silent;
  const { default: ora } = await import('ora');
  // discardStdin: false. ora's default puts the terminal in raw mode, where Ctrl-C is a byte to read rather
  // than SIGINT, and it never reads it: the run went on and replaced the --out file. Typed keys now echo.
  // hideCursor: false, and tix hides and shows the cursor itself: ora's way (cli-cursor) loads signal-exit, which
  // listens to every signal, and owning signals is tix's job (issue 36 §1; test/reliability/signal-owners.test.ts).
  const stream = rt.io.stderr as NodeJS.WritableStream & { isTTY: boolean };
  stream.write(HIDE_CURSOR);
  const spinner = ora({ text, stream, discardStdin: false, hideCursor: false }).start();
  // Every exit (Ctrl-C, SIGTERM, a reader gone, an error) clears the spinner and shows the cursor again;
  // a TTY's writes are synchronous, so this lands before the shell prompt.
  const stop = () => {
    spinner.stop();
    stream.write(SHOW_CURSOR);
  };
  process.once('exit', stop);
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => {
      process.off('exit', stop);
      stop();
    },
  };
}
