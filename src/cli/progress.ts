import type { Runtime } from './runtime.js';

export interface Progress {
  update(text: string): void;
  stop(): void;
}

const silent: Progress = { update() {}, stop() {} };

/** A spinner on stderr for long work, only for a person at a terminal (never with --quiet, --debug or NO_COLOR). */
export async function progress(rt: Runtime, text: string): Promise<Progress> {
  if (rt.quiet || rt.globals.debug || !rt.colorFor(rt.io.stderr)) return silent;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: rt.io.stderr as NodeJS.WritableStream & { isTTY: boolean } }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => spinner.stop(),
  };
}
