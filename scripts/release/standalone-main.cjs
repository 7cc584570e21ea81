'use strict';
// The entry point of the standalone tix (build-sea.mjs): bin/tix for an executable that carries Node.js, with
// the bundles and help pages as its assets instead of files. It answers as bin/tix does, in the same order:
// --version, a help page, the fast path for one query, else the full tix; keep the two in step (the smoke
// test, scripts/release/smoke.sh, and test/release/ compare them). The build defines __TIX_VERSION__,
// __TIX_BUNDLE_HASHES__ (what keys each bundle's code cache) and __TIX_FAST_COMMAND_WORDS__ (bin/tix's list).
const path = require('node:path');
const sea = require('node:sea');
const { runWithCodeCache } = require('../../bin/code-cache.cjs');

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${__TIX_VERSION__} (standalone, Node.js ${process.versions.node})\n`);
} else if (!printHelpPage(args) && !runFastPath(args)) {
  runBundle('tix');
}

/** Runs the bundle `<name>.cjs` (an asset) with its code cache, as bin/tix runs dist/fast.cjs; returns its exports. */
function runBundle(name) {
  return runWithCodeCache({
    source: sea.getAsset(`${name}.cjs`, 'utf8'),
    // Where a stack trace says the code is; nothing is read from there.
    filename: path.join(path.dirname(process.execPath), `${name}.cjs`),
    name: `standalone-${name}`,
    hash: __TIX_BUNDLE_HASHES__[name],
    // Node's built-in modules: everything else is in the bundles.
    require,
  });
}

/** bin/tix's runFastPath: the bundle declines (false) what it is not sure of. */
function runFastPath(args) {
  if (process.env.TIX_NO_FAST_PATH) return false;
  if (!args.some((arg) => __TIX_FAST_COMMAND_WORDS__.includes(arg))) return false;
  return runBundle('fast').runFast(args);
}

/** bin/tix's printHelpPage, with the pages from the executable's assets. */
function printHelpPage(args) {
  const last = args[args.length - 1];
  if (args.length > 0 && last !== '--help' && last !== '-h') return false;
  if (process.stdout.isTTY && process.stdout.columns !== 80) return false;
  const pages = JSON.parse(sea.getAsset('help.json', 'utf8'));
  const key = args.length === 0 ? '' : [...args.slice(0, -1), '--help'].join(' ');
  if (!Object.hasOwn(pages, key)) return false;
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  process.stdout.write(pages[key]);
  return true;
}
