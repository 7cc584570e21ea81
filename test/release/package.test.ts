/**
 * The npm package as `npm pack` makes it (issue 26): no install-time script (npm warns of every package with
 * one), a LICENSE, links of the packed README and docs that work from the package, and dependencies that are
 * exactly what dist/ loads from node_modules at run time (the rest is in the bundles already).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/tix-env.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  license: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  files: string[];
  man?: string[];
  directories?: { man?: string };
};

/** The files `npm pack` puts in the tarball (without running prepack: dist/ is the test setup's build). */
function packedFiles(): Set<string> {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Set((JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((file) => file.path));
}

/**
 * Imports of dependencies that never run: pg's `pg-native` (pg.native, which tix never uses; pg requires it
 * inside a try), and the requires ajv writes into the validators it generates (ajv's own files, required by
 * conf's validators through ajv itself).
 */
const NEVER_LOADED = new Set(['pg-native']);

/**
 * The packages a built file loads from node_modules: every require(), import(), createRequire()() or
 * jqFiles() (src/shared/external-packages.ts) of a bare name.
 */
function packagesLoadedBy(code: string): string[] {
  // `(0, require)("x")` is a load too; `(0, vm.runInNewContext)("gc")` (shared/native-memory.ts) is not.
  const specifiers = [...code.matchAll(/(?:\brequire|\bimport|__tixImport|__require|jqFiles)\)?\(\s*"([^"]+)"\s*[,)]/g)].map((m) => m[1]!);
  return specifiers
    .filter(
      // No package's name starts with '-': a V8 flag passed as `(0, setFlagsFromString)("--liftoff-only")` is not one.
      (specifier) => !/^[-./]/.test(specifier) && !specifier.startsWith('node:') && !isBuiltin(specifier),
    )
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    )
    .filter((name) => !NEVER_LOADED.has(name));
}

function builtFiles(): string[] {
  const dist = join(REPO_ROOT, 'dist');
  return readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => /\.(c?js)$/.test(file))
    .map((file) => join(dist, file));
}

describe('the npm package', () => {
  it('has no install-time script: npm installs it without a warning, and a clone builds on its first run', () => {
    const installTime = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];
    expect(Object.keys(pkg.scripts).filter((name) => installTime.includes(name))).toEqual([]);
    // dist/ is built when the package is packed instead.
    expect(pkg.scripts.prepack).toBe('node scripts/build.mjs');
  });

  it('lists as dependencies exactly the packages dist/ loads from node_modules, and nothing the bundles hold', () => {
    const loaded = new Set(builtFiles().flatMap((file) => packagesLoadedBy(readFileSync(file, 'utf8'))));
    expect([...loaded].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });

  it("pins DuckDB's JavaScript, which the chunks bundle, and the native bindings it loads to the one release", () => {
    const api = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', '@duckdb', 'node-api', 'package.json'), 'utf8'));
    expect(pkg.dependencies['@duckdb/node-api']).toBe(api.version);
    expect(pkg.dependencies['@duckdb/node-bindings']).toBe(api.dependencies['@duckdb/node-bindings']);
  });

  it('ships an MIT LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    expect(packedFiles().has('LICENSE')).toBe(true);
    expect(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('ships every file a relative link of its README and docs points at', () => {
    const files = packedFiles();
    const documents = [...files].filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
    expect(documents).toContain('README.md');
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(REPO_ROOT, document), 'utf8');
      const targets = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<img[^>]+src="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
      for (const target of targets) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // a URL, or a heading of the same page
        const path = normalize(join(dirname(document), decodeURIComponent(target.split('#')[0]!)));
        const isFolder = [...files].some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`));
        if (!files.has(path) && !isFolder) broken.push(`${document}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('lists every man page in `man`, which npm links on a global install from the tarball (`man tix-events-search`)', () => {
    // npm reads `directories.man` only when installing from a folder: from a tarball (npm, pnpm, yarn) only
    // `man` is linked into <prefix>/share/man/man1. `npm run reference` writes the list from man/man1.
    const pages = readdirSync(join(REPO_ROOT, 'man', 'man1'))
      .filter((file) => file.endsWith('.1'))
      .sort()
      .map((file) => `man/man1/${file}`);
    expect(pages).toContain('man/man1/tix.1');
    expect(pages).toContain('man/man1/tix-events-search.1');
    expect(pkg.man, "package.json's man lists man/man1's pages (npm run reference writes it)").toEqual(pages);
    expect(pkg.directories?.man).toBeUndefined();
    const files = packedFiles();
    for (const page of pages) expect(files.has(page)).toBe(true);
  });
});
