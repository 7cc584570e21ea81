// esbuild plugins that make start-up cheaper: every file loaded at start-up costs a resolve, a read and a
// compile, and every Node built-in one more module to initialise. See BENCHMARKS.md for the figures.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * Packages left out of every bundle and required from node_modules at run time. DuckDB's bindings are a
 * native addon (a .node file and libduckdb.so per platform), which cannot be bundled; its JavaScript
 * (@duckdb/node-api, a hundred CommonJS files that took ~60 ms to resolve and load) is bundled into one
 * file, dist/duckdb-api.cjs, which the chunks of the history store and the Parquet converter load
 * (build-duckdb-api.mjs). jq-web (--jq) finds its jq.wasm next to its own
 * jq.js, so it too is loaded from node_modules, by src/cli/kit/jq.ts alone.
 */
export const EXTERNAL_PACKAGES = ['@duckdb/node-bindings', 'jq-web'];

/** Some bundled dependencies are CommonJS and call require() (for Node built-ins): ES module bundles get one. */
export const REQUIRE_BANNER = {
  js: "import{createRequire as __tixCreateRequire}from'node:module';const require=__tixCreateRequire(import.meta.url);",
};

/**
 * Commander requires node:child_process when it loads, only to run executable subcommands, which tix has
 * none of. Commander gets a stand-in that loads the real module on first use.
 */
export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

/**
 * One chunk for running a command. The command tree imports each command's implementation lazily
 * (`await import('./search-run.js')`), which keeps --help light; but code splitting then cuts the
 * implementations, the runtime, the output layer and the API client into a score of small shared chunks,
 * and a one-off query loaded ~20 files. Every lazy import of these modules is pointed at one module that
 * re-exports them all, so they share one chunk; what stays lazy beyond it (the sandbox, conf, the table
 * renderer, the spinner, undici) stays lazy.
 */
export function runGroup(root) {
  const cli = join(root, 'src', 'cli');
  const members = [
    ...readdirSync(cli, { recursive: true })
      .filter((file) => String(file).endsWith('-run.ts'))
      .map((file) => join(cli, String(file))),
    join(cli, 'kit', 'runtime.ts'),
    // --jq's jq, which runtime.ts holds too, started before the command tree is built (kit/jq-early.ts).
    join(cli, 'kit', 'jq.ts'),
    join(root, 'src', 'output', 'sink.ts'),
    join(root, 'src', 'api', 'client.ts'),
  ];
  assertDistinctExports(members);
  return {
    name: 'run-group',
    setup(build) {
      build.onResolve({ filter: /\.js$/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
        return members.includes(target) ? { path: 'run', namespace: 'run-group' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'run-group' }, () => ({
        contents: members.map((file) => `export * from ${JSON.stringify(file)};`).join('\n'),
        loader: 'ts',
        resolveDir: root,
      }));
    },
  };
}

/** `export *` silently drops a name two members export; the importer would then get undefined. Refuse to build. */
function assertDistinctExports(files) {
  const owner = new Map();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const names = [
      ...[...source.matchAll(/^export (?:async )?(?:function\*?|class|const|let|var) (\w+)/gm)].map((m) => m[1]),
      ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
        m[1]
          .split(',')
          .map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop(),
          )
          .filter(Boolean),
      ),
    ];
    for (const name of names.filter((n) => !n.startsWith('type '))) {
      if (owner.has(name) && owner.get(name) !== file)
        throw new Error(`run-group: ${name} is exported by both ${owner.get(name)} and ${file}`);
      owner.set(name, file);
    }
  }
}

/**
 * Owning signals is tix's job: no package may listen to one, since a listener changes what the signal does.
 * `when-exit`, which conf's atomically imports to remove its temporary files at exit, listens to SIGINT,
 * SIGTERM, SIGHUP and a dozen more as it loads, runs its callbacks on one and sends the signal again; tix took
 * the second for another Ctrl-C and exited without its stop work on every run with a config file (issue 36
 * §1). Every build (this one, the fast path's, the standalone's) bundles src/shared/when-exit.ts in its
 * place: the same API, its callbacks run at the process's exit, no signal listener.
 *
 * Why here rather than tix taking the package's listeners off after loading conf: that would have to follow
 * every lazy import of anything that loads it, and a signal between the load and the removal would still be
 * sent twice; replaced in the bundle, the listeners never exist. test/reliability/signal-owners.test.ts fails
 * if any package, this or another, adds a signal listener to a run.
 */
export function tixOwnsSignals(root) {
  const standIn = join(root, 'src', 'shared', 'when-exit.ts');
  return {
    name: 'tix-owns-signals',
    setup(build) {
      build.onResolve({ filter: /^when-exit$/ }, () => ({ path: standIn }));
    },
  };
}

/**
 * pg picks its socket when it loads by asking whether it runs in a Cloudflare Worker: on Node.js 20, which has
 * no `navigator`, that test constructs a `Response`, and the first use of that global loads Node's own fetch
 * (undici, bundled in Node): ~45 ms of every PostgreSQL command (BENCHMARKS.md, scenario 9). tix runs on
 * Node.js alone, so pg gets its Node.js sockets without the test: the same functions pg's stream.js gives there.
 */
export const nodeOnlyPgStream = {
  name: 'node-only-pg-stream',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, () => ({
      contents: `module.exports = {
        getStream: () => new (require('net').Socket)(),
        getSecureStream: (options) => require('tls').connect(options),
      };`,
      loader: 'js',
    }));
  },
};

/**
 * conf imports ajv (with ajv-formats), semver and node:crypto when it loads, for JSON-schema validation,
 * migrations and encryption, none of which tix asks of it. Loading them is most of what opening the config
 * file costs (a query of a user with a stored profile: ~26 ms more than one without), so conf gets stand-ins
 * whose exports load the real module on first use: the same modules, evaluated only if used.
 */
export function lazyConfDependencies(root) {
  const specifiers = ['ajv/dist/2020.js', 'ajv-formats', 'semver', 'node:crypto'];
  const confRequire = createRequire(join(root, 'node_modules', 'conf', 'package.json'));
  return {
    name: 'lazy-conf-dependencies',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) =>
        specifiers.includes(args.path) && /[\\/]node_modules[\\/]conf[\\/]/.test(args.importer)
          ? { path: args.path, namespace: 'lazy-conf-dependency', pluginData: { resolveDir: args.resolveDir } }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-conf-dependency' }, (args) => {
        // The stand-in has the real module's export names, so esbuild's import interop (which copies
        // export names, then reads them on use) reaches the real module only when conf uses one.
        const names = Object.keys(confRequire(args.path)).filter((name) => name !== '__esModule');
        const getters = names.map((name) => `  ${JSON.stringify(name)}: { enumerable: true, get: () => load()[${JSON.stringify(name)}] },`);
        return {
          contents: [
            `let real;`,
            `const load = () => (real ??= require(${JSON.stringify(args.path)}));`,
            `Object.defineProperties(module.exports, {`,
            ...getters,
            `});`,
          ].join('\n'),
          loader: 'js',
          resolveDir: args.pluginData.resolveDir,
        };
      });
    },
  };
}

/**
 * For the fast path's bundle (dist/fast.cjs), which never runs Commander (it reads argv itself:
 * src/cli/kit/fast-argv.ts) or the sandbox (--sandbox takes the full path): the command definitions it takes
 * its actions from import Commander, and the runtime imports the sandbox for --sandbox. Each gets a stand-in
 * with the names imported from it (esbuild refuses a name the stand-in lacks) that fails loudly if used.
 */
export const fastPathStandIns = {
  name: 'fast-path-stand-ins',
  setup(build) {
    const standIns = [
      { filter: /^commander$/, names: ['Command', 'Option', 'Argument', 'CommanderError'] },
      { filter: /[\\/]sandbox[\\/]index\.js$/, names: ['startSandbox', 'SANDBOX_API_KEY'] },
    ];
    for (const [index, { filter }] of standIns.entries()) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'fast-path-stand-in', pluginData: index }));
    }
    build.onLoad({ filter: /.*/, namespace: 'fast-path-stand-in' }, (args) => ({
      contents: [
        `function fail() { throw new Error('${args.path} is not in the fast path: this run should have taken the full path'); }`,
        ...standIns[args.pluginData].names.map((name) => `export { fail as ${name} };`),
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * import.meta.url for modules bundled into a CommonJS file (jq.ts and the DuckDB driver create a require from
 * it), worked out on use: converting the path costs every start-up half a millisecond otherwise.
 */
export const CJS_IMPORT_META = {
  banner: { js: "const __tixImportMeta={get url(){return require('node:url').pathToFileURL(__filename).href}};" },
  define: { 'import.meta.url': '__tixImportMeta.url' },
};
