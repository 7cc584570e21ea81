// Preloaded with `node --require` when GNU time is not available: at exit, writes this process's peak RSS
// in KB (the unit of GNU time's %M) to the file named by TIX_BENCH_RSS_FILE. 'exit' also fires on process.exit().
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.TIX_BENCH_RSS_FILE;
if (file) {
  delete process.env.TIX_BENCH_RSS_FILE;
  process.on('exit', () => writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
