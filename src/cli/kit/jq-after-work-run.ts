import { messageOf } from '../../shared/message-of.js';
import {
  HANDOFF_VARIABLE,
  JQ_MEMORY_BESIDE_DUCKDB_MB,
  jqAfterWorkOf,
  openWork,
  setJqAfterWork,
  type JqHandoff,
  type JqWork,
} from './jq-after-work.js';
import { withSink } from './present.js';
import type { TixProcess } from './run-context.js';
import type { Runtime } from './runtime.js';

/**
 * After a history command's work: jq filters what it wrote, in a fresh image of this process where one can
 * be had (the run goes on there, this image ends), else here, once DuckDB has let go of its memory, with jq's
 * smaller limit beside DuckDB's library. Returns the run's exit code.
 */
export async function filterWorkAfter(rt: Runtime, proc: TixProcess, code: number): Promise<number> {
  const work = jqAfterWorkOf(rt)?.work ?? [];
  setJqAfterWork(rt, undefined);
  if (work.length === 0) return code;
  if (proc.replaceImage) {
    const handoff: JqHandoff = { pid: process.pid, work, code };
    rt.trace("--jq: filtering the command's output in a fresh image of this process (execve)");
    // What this image holds open ends with it; its messages are out before it goes, and what it compiled is in
    // Node's compile cache (bin/tix), which Node writes at exit, and this image does not exit.
    await rt.close();
    await drained(proc.stderr);
    (process.getBuiltinModule('node:module') as { flushCompileCache?: () => void }).flushCompileCache?.();
    try {
      proc.replaceImage({ ...proc.env, [HANDOFF_VARIABLE]: JSON.stringify(handoff) });
    } catch (error) {
      rt.trace(`--jq: execve failed (${messageOf(error)}): filtering here`);
    }
  }
  const { releaseMemory } = await import('../../shared/native-memory.js');
  // What the work left in V8's heap goes back to the system before jq's thread and memory come.
  releaseMemory();
  await filterWork(rt, work, JQ_MEMORY_BESIDE_DUCKDB_MB);
  return code;
}

/** jq over each work file in turn, to stdout or the --out file; with `jqMemoryMb` for its values, else jq's own limit. */
export async function filterWork(rt: Runtime, work: readonly JqWork[], jqMemoryMb?: number): Promise<void> {
  for (const { file, output } of work) {
    const input = openWork(file);
    // The key was watched for as the command wrote this.
    await withSink(rt, output, (sink) => input.replay(sink), { watchKey: false, jqMemoryMb });
  }
}

/** Resolves once everything written to `stream` has gone to its descriptor. */
function drained(stream: NodeJS.WritableStream & { writableLength?: number }): Promise<void> {
  if (!stream.writableLength) return Promise.resolve();
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}
