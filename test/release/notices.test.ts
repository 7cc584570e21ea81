/**
 * The third-party notices of the npm package (issue 37): dist/THIRD-PARTY-NOTICES.txt, which the build writes
 * from esbuild's metafiles (scripts/notices.mjs), covers every npm package whose files are inputs of a bundle,
 * each with a real licence text; the build refuses a package that has none; the vendored texts in licenses/ are
 * real licences of packages the bundles hold. And the texts of what is compiled into the standalone archive's
 * binaries (licenses/standalone/, which its THIRD-PARTY-NOTICES.txt carries; the smoke test checks the archive's).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledNotices, MIN_LICENCE_CHARS, packageNotices } from '../../scripts/notices.mjs';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';

const DIST = join(REPO_ROOT, 'dist');

/** name@version of every package with a file among the bundles' inputs (dist/bundle-inputs.json, from the metafiles). */
function bundledPackages(): Map<string, string> {
  const inputs = JSON.parse(readFileSync(join(DIST, 'bundle-inputs.json'), 'utf8')) as Record<string, string[]>;
  expect(Object.keys(inputs).sort()).toEqual(['duckdb-api.cjs', 'fast.cjs', 'tix.js']);
  const packages = new Map<string, string>();
  for (const input of Object.values(inputs).flat()) {
    const parts = input.split('/');
    const at = parts.lastIndexOf('node_modules');
    if (at < 0 || input.includes(':')) continue;
    const depth = parts[at + 1]!.startsWith('@') ? 2 : 1;
    const folder = parts.slice(0, at + 1 + depth).join('/');
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { name: string; version: string };
    packages.set(`${pkg.name}@${pkg.version}`, folder);
  }
  return packages;
}

/** The notices file's sections, by "name version" title: { licence, source, text }. */
function noticeSections(text: string): Map<string, { licence: string; source: string; text: string }> {
  const sections = new Map<string, { licence: string; source: string; text: string }>();
  const parts = text.split(/^={79}\n/m);
  // parts: header, then pairs of (title block, text)
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const [title, ...fields] = parts[i]!.trimEnd().split('\n');
    const field = (name: string) => fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
    sections.set(title!, { licence: field('Licence'), source: field('Text from'), text: parts[i + 1]!.trim() });
  }
  return sections;
}

describe('the npm package’s third-party notices', () => {
  it('cover every package whose code is in a bundle, each with its full licence text', () => {
    const packages = bundledPackages();
    // The packages issue 37 names, which npm does not install beside tix, are among them.
    for (const name of ['commander', 'conf', 'env-paths', 'pg', 'pg-types', 'pgpass', 'postgres-interval', 'split2', 'xtend']) {
      expect([...packages.keys()].some((key) => key.startsWith(`${name}@`))).toBe(true);
    }
    const sections = noticeSections(readFileSync(join(DIST, 'THIRD-PARTY-NOTICES.txt'), 'utf8'));
    const missing: string[] = [];
    const placeholders: string[] = [];
    for (const key of packages.keys()) {
      const section = sections.get(key.replace(/@(?=[^@]+$)/, ' '));
      if (!section) {
        missing.push(key);
        continue;
      }
      if (section.text.length < MIN_LICENCE_CHARS || /ships no licence text|is licensed under \S+ \(its package\.json/.test(section.text)) {
        placeholders.push(key);
      }
      expect(section.text).toMatch(/copyright|\(c\)|©/i);
    }
    expect(missing).toEqual([]);
    expect(placeholders).toEqual([]);
    // And nothing else: every notice is of a package the bundles hold.
    expect(sections.size).toBe(packages.size);
  });

  it('is packed into the tarball, and the metafile inputs it is checked against are not', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const files = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
    expect(files).toContain('dist/THIRD-PARTY-NOTICES.txt');
    expect(files).not.toContain('dist/bundle-inputs.json');
  });

  it('takes a package’s text from its own licence file, else from licenses/<name>@<version>, else fails the build', () => {
    const root = tempDir('tix-notices-');
    const add = (folder: string, pkg: object, files: Record<string, string> = {}) => {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, folder, 'package.json'), JSON.stringify(pkg));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
    };
    const mit = readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8');
    add('node_modules/has-one', { name: 'has-one', version: '1.0.0', license: 'MIT' }, { 'LICENSE.md': mit });
    add('node_modules/@scope/vendored', { name: '@scope/vendored', version: '2.0.0', license: 'MIT' });
    add('licenses', {}, { '@scope+vendored@2.0.0': mit });
    add('node_modules/has-none', { name: 'has-none', version: '3.0.0', license: 'MIT' });
    add('node_modules/stub', { name: 'stub', version: '4.0.0', license: 'MIT' }, { LICENSE: 'MIT\n' });

    const notices = packageNotices(root, ['node_modules/has-one', 'node_modules/@scope/vendored']);
    expect(notices.map((notice) => [notice.name, notice.source])).toEqual([
      ['@scope/vendored', "licenses/@scope+vendored@2.0.0 in tix's repository"],
      ['has-one', "has-one's LICENSE.md"],
    ]);
    expect(() => packageNotices(root, ['node_modules/has-one', 'node_modules/has-none'])).toThrow(
      /has-none@3\.0\.0 \(node_modules\/has-none\) ships no licence text: add its real licence text as licenses\/has-none@3\.0\.0/,
    );
    expect(() => packageNotices(root, ['node_modules/stub'])).toThrow(/stub@4\.0\.0: stub's LICENSE is too short to be a licence text/);
  });

  it('vendors only real licence texts, each of a package the bundles hold that ships none of its own', () => {
    const packages = bundledPackages();
    const vendored = readdirSync(join(REPO_ROOT, 'licenses')).filter((file) => /@\d/.test(file));
    expect(vendored.length).toBeGreaterThan(0);
    for (const file of vendored) {
      const key = file.replace(/^([^@]*)\+/, '$1/');
      expect(packages.has(key), `${file} is of a bundled package`).toBe(true);
      const folder = join(REPO_ROOT, packages.get(key)!);
      expect(readdirSync(folder).filter((name) => /^(licen[cs]e|copying)/i.test(name))).toEqual([]);
      const text = readFileSync(join(REPO_ROOT, 'licenses', file), 'utf8');
      expect(text.length).toBeGreaterThan(MIN_LICENCE_CHARS);
      expect(text).toMatch(/^Copyright \(c\) \d{4}/m);
      expect(text).toMatch(/Permission is hereby granted, free of charge/);
    }
  });
});

describe('the standalone archive’s notices of compiled-in code (licenses/standalone)', () => {
  const notices = compiledNotices(REPO_ROOT);
  const libduckdb = readFileSync(join(REPO_ROOT, 'node_modules', '@duckdb', 'node-bindings-linux-x64', 'libduckdb.so'), 'latin1');

  it('hold the components issue 37 names, each with its text and where that text came from', () => {
    const names = notices.map((notice) => notice.name).join('\n');
    for (const component of [
      'Oniguruma',
      'Emscripten',
      'Mbed TLS',
      'Apache Thrift',
      'RE2',
      'utf8proc',
      'Zstandard',
      'LZ4',
      'Brotli',
      'Snappy',
      'yyjson',
      'miniz',
      'fast_float',
      'PCG',
    ]) {
      expect(names).toContain(component);
    }
    for (const notice of notices) {
      expect(notice.source).toMatch(/^(Debian 12's|the licence header of|DuckDB 1\.5's|duckdb@)/);
      expect(notice.text).not.toMatch(/ships no licence text|is licensed under \S+ \(its package\.json/);
      if (!notice.shared) expect(notice.into).toMatch(/libduckdb\.so|jq\.wasm|jq\.js/);
    }
  });

  it("cover every third-party library whose namespace libduckdb.so's symbols show, and name none it lacks", () => {
    // DuckDB renames the namespace of each library it vendors with a duckdb_ prefix (duckdb_re2, duckdb_zstd, ...):
    // every such name in a mangled symbol (its length before it: 10duckdb_re2) is a library or DuckDB's own C API.
    const mangled = new Set<string>();
    for (const m of libduckdb.matchAll(/(\d+)(duckdb_[A-Za-z0-9_]+)/g)) {
      const length = Number(m[1]);
      if (length > 7 && length <= m[2]!.length) mangled.add(m[2]!.slice(0, length));
    }
    const declared = notices.flatMap((notice) => (notice.namespace ? [notice.namespace] : []));
    for (const namespace of declared) expect(libduckdb.includes(namespace), `${namespace} is in libduckdb.so`).toBe(true);
    const DUCKDB_OWN =
      /^duckdb_(adbc|appender_.*|blob|capi_.*|column|decimal|error_type|hugeint|interval|open_.*|parameter_.*|pending_.*|prepare_.*|register_.*|result|string|uhugeint)$/;
    const unknown = [...mangled].filter(
      (name) => !DUCKDB_OWN.test(name) && !declared.some((namespace) => name === namespace || name.startsWith(`${namespace}_`)),
    );
    expect(unknown, 'a library in libduckdb.so without a notice in licenses/standalone').toEqual([]);
  });
});
