/**
 * DuckDB allocates its working memory through its own jemalloc, which keeps the pages a query freed for a
 * while (its decay) in case the next query wants them: a run of a few queries ends holding each one's peak.
 * Told to hand them back at once, the 50-event report's DuckDB side holds ~20 MB less at its peak, for some
 * system time (BENCHMARKS.md, issue 38). jemalloc reads this when DuckDB first allocates, so it takes effect
 * only if called before the first database of the process is opened; a setting of the user's is kept.
 * process.env itself: the native library reads the process's environment, not tix's view of it.
 */
export function returnDuckDbMemoryPromptly(): void {
  process.env.DUCKDB_JE_MALLOC_CONF ??= 'dirty_decay_ms:0,muzzy_decay_ms:0';
}
