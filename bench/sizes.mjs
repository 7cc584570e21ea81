/**
 * Sizes and run counts. FULL is what the goals of issue 7 are stated for; QUICK runs the same scenarios at
 * toy sizes in seconds, for CI, so the benchmark itself keeps working.
 */
export const FULL = {
  timeoutMs: 300_000,
  startup: { warmup: 5, runs: 30 },
  query: { warmup: 3, runs: 20 },
  bulk: { events: [200_000, 400_000], pageSize: 5_000, latencyMs: 50, warmup: 1, runs: 5 },
  bulkLarge: { warmup: 1, runs: 3 },
  inventory: { latencyMs: 50, warmup: 2, runs: 10 },
  sales: { sales: [1_000_000, 250_000], latencyMs: 50, warmup: 1, runs: 3 },
  salesSmall: { warmup: 0, runs: 3 },
  history: { events: 1_000, snapshots: 1_000, latencyMs: 50, warmup: 1, runs: 5 },
  view: { latencyMs: 50, warmup: 2, runs: 10 },
  scale: { events: 1_000, snapshots: 100_000, listings: 10, warmup: 1, runs: 5 },
  alerts: { events: 1_000, latencyMs: 50, warmup: 1, runs: 5 },
  // Issue 39: --jq in a script's loop, one query and a whole export of 200 pages, against the pipe into jq.
  jqQuery: { events: 2_000, limit: 50, latencyMs: 50, warmup: 3, runs: 20 },
  jqPages: { events: 20_000, pageSize: 100, latencyMs: 50, warmup: 1, runs: 5 },
  // history sql's result in rows; a page just under the bound tix reads whole (4 MB), and one far beyond it.
  memory: { rows: 3_000_000, pageMb: 3.9, hugePageMb: 60 },
};

export const QUICK = {
  timeoutMs: 60_000,
  startup: { warmup: 1, runs: 3 },
  query: { warmup: 1, runs: 3 },
  bulk: { events: [2_000, 4_000], pageSize: 200, latencyMs: 5, warmup: 0, runs: 1 },
  bulkLarge: { warmup: 0, runs: 1 },
  inventory: { latencyMs: 5, warmup: 0, runs: 1 },
  sales: { sales: [20_000, 5_000], latencyMs: 5, warmup: 0, runs: 1 },
  salesSmall: { warmup: 0, runs: 1 },
  history: { events: 50, snapshots: 50, latencyMs: 5, warmup: 0, runs: 1 },
  view: { latencyMs: 5, warmup: 0, runs: 1 },
  scale: { events: 50, snapshots: 1_000, listings: 2, warmup: 0, runs: 1 },
  alerts: { events: 50, latencyMs: 5, warmup: 0, runs: 1 },
  jqQuery: { events: 200, limit: 50, latencyMs: 5, warmup: 0, runs: 1 },
  jqPages: { events: 1_000, pageSize: 100, latencyMs: 5, warmup: 0, runs: 1 },
  memory: { rows: 200_000, pageMb: 1, hugePageMb: 5 },
};
