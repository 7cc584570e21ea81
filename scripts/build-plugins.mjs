// esbuild plugins that make start-up cheaper: every file loaded at start-up costs a resolve, a read and a
// compile, and every Node built-in one more module to initialise. See BENCHMARKS.md for the figures.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
    join(cli, 'runtime.ts'),
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
      ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((part) => part.trim().split(/\s+as\s+/).pop()).filter(Boolean)),
    ];
    for (const name of names.filter((n) => !n.startsWith('type '))) {
      if (owner.has(name) && owner.get(name) !== file) throw new Error(`run-group: ${name} is exported by both ${owner.get(name)} and ${file}`);
      owner.set(name, file);
    }
  }
}
