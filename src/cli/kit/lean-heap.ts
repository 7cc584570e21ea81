import { OLD_GENERATION_FLAGS, OPTIMIZING_COMPILER_FLAGS, setV8Flag, YOUNG_GENERATION_FLAGS } from './v8-flags.js';

let young = false;
let old = false;

/**
 * For long streaming work (an --all export, a large sales history). As allocation goes on, V8 grows its
 * young generation from 2 MB to 32 MB (two semi-spaces of 16 MB), all of it resident, although what a
 * stream allocates dies young. Kept at its start size, the peak RSS of a 200,000-event export is ~105 MB
 * instead of ~130 MB, for no CPU that could be told from noise (BENCHMARKS.md). `--max-semi-space-size`
 * would say this directly but is read only at start-up; the growth factor is a heuristic read at every
 * collection, so setting it here takes effect.
 */
export async function keepYoungGenerationSmall(): Promise<void> {
  if (young) return;
  young = true;
  await setFlags();
}

/**
 * For a long export of API pages (`events search --all`), on top of keepYoungGenerationSmall: V8 runs its
 * full collection more often (`--optimize-for-size`: its old generation grows by 2 MB steps instead of 8,
 * and each full collection compacts). What such an export leaves behind lives just long enough to leave the
 * young generation: the bytes of pages fetched ahead, and the short strings JSON.parse interns (an agent's
 * id of 10 characters or less: ~4 an event), which V8 allocates in the old generation and indexes in its
 * string table. Until a full collection finds them dead, they hold native memory that glibc keeps once
 * freed. Issue 29 §5: 200,000 events at --page-size 5000, -o json 91-105 MB -> 81-84 MB, --jq 125-139 MB
 * -> 114-118 MB, for 9 full collections of ~3 ms instead of 5 (BENCHMARKS.md). Read at every collection,
 * like the growth factor, so it takes effect when set here.
 */
export async function keepHeapSmall(): Promise<void> {
  young = true;
  if (old) return;
  old = true;
  await setFlags();
}

/**
 * For `history sql` on DuckDB and any Parquet output, on Node.js 24 and later (the standalone build's): V8's
 * optimizing compilers stay off, and tix's code runs in V8's interpreter and baseline compiler. DuckDB's
 * library (~30 MB resident once loaded) leaves little of the 120 MB tix promises, and on 24 the optimizing
 * compilers' own machine code (Maglev's and TurboFan's: pages of the node binary read in as they compile) and
 * their working memory cost 8-18 MB of peak RSS there. Node.js 20 stays under without this; on 22 it would save
 * 6-10 MB but cannot be undone cleanly (v8-flags.ts). The cost is CPU on a long result (1 M rows to csv: +20 %;
 * to a table, +50 %); BENCHMARKS.md, issue 36 §4.
 */
export function keepCompilersLean(): void {
  if (Number(process.versions.node.split('.')[0]) < 24) return;
  setV8Flag(OPTIMIZING_COMPILER_FLAGS.flag, OPTIMIZING_COMPILER_FLAGS.undo);
}

/**
 * Starting a worker thread (--jq's) puts V8's flags back as they were at start-up, so the young generation
 * of tix's own thread grows again (issue 29 §5: +30 MB of peak RSS in a bulk --jq run): called once the
 * worker is running, this sets the flags again that were set.
 */
export async function keepYoungGenerationSmallAfterWorkerStart(): Promise<void> {
  if (young) await setFlags();
}

async function setFlags(): Promise<void> {
  // Noted with the flags that undo them (v8-flags.ts), so that a code cache written at exit is one later runs take.
  setV8Flag(YOUNG_GENERATION_FLAGS.flag, YOUNG_GENERATION_FLAGS.undo);
  if (old) setV8Flag(OLD_GENERATION_FLAGS.flag, OLD_GENERATION_FLAGS.undo);
}
