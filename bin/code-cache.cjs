'use strict';
// A V8 code cache for dist/fast.cjs. Compiling the bundle is a good part of a one-off query's start-up
// (BENCHMARKS.md). Node.js 20 has no compile cache; the one of 22 and later (module.enableCompileCache(), on
// in bin/tix) keeps what was compiled when the file loaded, not the functions a query compiles later. This
// cache is written after a run, so a query finds nearly all its code compiled (BENCHMARKS.md: 7-12 ms on 22
// and 24, ~8 ms on 20). The cache is a
// file in tix's cache folder per Node.js version, architecture and bundle (the build writes the bundle's hash
// next to it, dist/fast.cjs.hash), and V8 checks it again and refuses one that does not fit. A cache folder
// tix cannot read or write only means no cache: it never fails a run.
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/**
 * `require(file)` for the CommonJS bundle `file` (dist/fast.cjs, dist/duckdb-api.cjs), compiled with the code
 * cached under `name` when there is one.
 */
exports.requireWithCodeCache = (file, name = 'fast') => {
  let hash;
  try {
    hash = fs.readFileSync(`${file}.hash`, 'utf8').trim();
  } catch {}
  return exports.runWithCodeCache({
    source: fs.readFileSync(file, 'utf8'),
    filename: file,
    name,
    hash,
    require: createRequire(file),
  });
};

/**
 * Runs the CommonJS `source` as a module and returns its exports, compiled with the code cached under `name`
 * and `hash` (none without a hash). The standalone build runs its bundles, which are assets of the
 * executable, not files, through this too (scripts/release/standalone-main.cjs).
 */
exports.runWithCodeCache = ({ source, filename, name, hash, require }) => {
  const cacheFile = hash ? path.join(cacheFolder(process.env), `${name}-${process.version}-${process.arch}-${hash}.v8`) : undefined;
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {}
  // Node's own CommonJS wrapper, so the bundle runs as require() would run it. Compiled under the flags a run
  // starts with, which the cache was made with (see writeCache): a bundle loaded after the run changed one (DuckDB's,
  // in a Parquet export or a history query) would otherwise refuse its cache, and write it again, every run.
  const compile = () =>
    new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename,
      ...(cachedData ? { cachedData } : {}),
    });
  const script = globalThis[Symbol.for('tix.withStartV8Flags')]?.(compile) ?? compile();
  // After the run, when V8 has compiled what a query uses too, not only the top level.
  if (cacheFile && (!cachedData || script.cachedDataRejected)) process.once('exit', () => writeCache(cacheFile, name, script));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, filename, path.dirname(filename));
  return module.exports;
};

exports.cacheFolder = cacheFolder;
exports.makeFolder = makeFolder;

/** tix's cache folder, where env-paths puts it (src/store/location.ts uses env-paths for the data folder). */
function cacheFolder(env) {
  const home = env.HOME || require('node:os').homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'tix');
  if (process.platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'tix', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'tix');
}

/** Written whole or not at all (a rename), replacing the caches of other builds and Node.js versions. */
function writeCache(cacheFile, name, script) {
  const folder = path.dirname(cacheFile);
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    makeFolder(folder);
    // V8 stamps its flags into the cache and refuses one whose flags are not its own: the flags the run changed
    // (--jq's --liftoff-only, an export's heap flags: src/cli/kit/v8-flags.ts) are put back first, or every
    // later run would refuse this cache and compile the bundle again.
    globalThis[Symbol.for('tix.restoreV8Flags')]?.();
    fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(temporary, cacheFile);
    for (const file of fs.readdirSync(folder)) {
      if (file.startsWith(`${name}-v`) && file.endsWith('.v8') && file !== path.basename(cacheFile))
        fs.rmSync(path.join(folder, file), { force: true });
    }
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {}
  }
}

/**
 * The cache folder, and its parent if that is missing too (~/.cache). Not mkdirSync's `recursive`, which
 * loops for ever under some file systems (/proc): a cache must never hang a run.
 */
function makeFolder(folder) {
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (error.code === 'EEXIST') return;
    if (error.code !== 'ENOENT') throw error;
    fs.mkdirSync(path.dirname(folder), { mode: 0o700 });
    fs.mkdirSync(folder, { mode: 0o700 });
  }
}
