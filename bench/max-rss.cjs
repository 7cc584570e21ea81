// Preloaded with `node --require` when GNU time is not available: at exit, writes this process's peak RSS
// in KB (the unit of GNU time's %M) to the file named by TIX_BENCH_RSS_FILE. 'exit' also fires on process.exit().
// The process it was first loaded in only: a child that inherits the variable writes nothing, but the image
// that replaces the process (tix's --jq after a history command's work, execve) is that process, and the peak
// the kernel reports then spans both images.
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.TIX_BENCH_RSS_FILE;
if (file) {
  process.env.TIX_BENCH_RSS_PID ??= String(process.pid);
  if (process.env.TIX_BENCH_RSS_PID === String(process.pid)) {
    process.on('exit', () => writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
  }
}
