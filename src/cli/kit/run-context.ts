import type { Invocation } from './invocation.js';
import type { JqAhead } from './jq.js';
import type { IO } from './runtime.js';

/**
 * The process a run belongs to: its streams, environment and clock (the IO every command gets), and the
 * process-wide hooks a command may need. The entry point (main.ts) builds the real one; tests build
 * their own, so a run in a test's process is the code a user's `tix` runs.
 */
export interface TixProcess extends IO {
  /** Calls `handler` on Ctrl-C (SIGINT) and SIGTERM until the returned function is called. */
  onStopSignal(handler: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
  /** Ends the run at once with this exit code (in the real process: process.exit). */
  exit(code: number): void;
  /**
   * Replaces the process's image with a fresh tix given the same arguments, in environment `env` (execve: the
   * same process id and streams, none of this image's memory). Throws if that could not be done. Absent where it
   * cannot be (a test's process, Node.js before 22.15).
   */
  replaceImage?(env: NodeJS.ProcessEnv): void;
}

/** One run of tix: its process, and the exit code a command settled on (instead of process.exitCode). */
export interface RunContext {
  readonly process: TixProcess;
  exitCode: number;
  /** --jq's jq, started by the entry point before the command was read (kit/jq-early.ts), for the run to take. */
  readonly jqEarly?: Promise<JqAhead>;
}

/** Keyed by the root of the command tree, which each run builds afresh: nothing carries over between runs. */
const runs = new WeakMap<Invocation, RunContext>();

export function bindRun(program: Invocation, run: RunContext): void {
  runs.set(program, run);
}

/** The run a command (of any depth) belongs to. */
export function runOf(command: Invocation): RunContext {
  let root = command;
  while (root.parent) root = root.parent;
  const run = runs.get(root);
  if (!run) throw new Error('a tix command ran outside runTix(): no process to run in');
  return run;
}
