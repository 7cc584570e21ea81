// `npm run release`: the two things a user installs, in release/:
//   tix-<version>.tgz                  the npm package (`npm pack`, which builds dist/ first: prepack)
//   tix-<version>-linux-x64.tar.gz     the standalone tix, for a machine without Node.js (build-sea.mjs), laid out
//                                      as a prefix: bin/ (tix, DuckDB's files), share/man/man1/, completions/,
//                                      README.md and the guides it links (docs/, ARCHITECTURE.md, ...), LICENSE,
//                                      THIRD-PARTY-NOTICES.txt
//   tix_<version>_amd64.deb            the same standalone tix as a Debian package (build-deb.mjs)
//   SHA256SUMS                         both, as `sha256sum -c` reads them
// The Node.js embedded is the one scripts/release/node.json pins (version and SHA-256), checked on every run; the
// archive and the .deb are reproducible: two runs on one commit give the same bytes (CONTRIBUTING.md, The release).
// Only linux-x64 is built: the platform CI runs, so every archive made is one that was tested. Another platform
// needs its own Node.js binary (node-<platform>-<arch>@24 from npm) and DuckDB's bindings for it, built on it
// (README, Install).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from '../bundle-tree.mjs';
import { compiledNotices, noticesText, packageNotices } from '../notices.mjs';
import { buildDeb } from './build-deb.mjs';
import { buildStandalone } from './build-sea.mjs';
import { nodeBinary, pinnedNode } from './node-binary.mjs';

const platform = `${process.platform}-${process.arch}`;
if (platform !== 'linux-x64') {
  console.error(`release: the standalone archive is built for linux-x64 only, not ${platform}`);
  process.exit(1);
}
const started = Date.now();
// Every file of the archive and the Debian package gets this time (SOURCE_DATE_EPOCH, else the commit's), so two
// runs on one commit give the same bytes.
const epoch = sourceDateEpoch();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'release');
const name = `tix-${pkg.version}-${platform}`;
const folder = join(out, '.work', name);
rmSync(out, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

// 1. The npm package. Its prepack script builds dist/, which the standalone build reads too (help.json).
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
);
const tarball = packed[0].filename;

// 2. The standalone folder: bin/ (tix and DuckDB's files), completions, man pages, README, licence and notices.
// The man pages are in share/man/man1 beside bin/ (as gh lays its archive out): man finds them from a PATH that
// holds the folder's bin/ (man-db maps <dir>/bin to <dir>/share/man), and the README's symlink install links them.
const node = await nodeBinary();
const pin = pinnedNode();
console.error(
  `release: embeds Node.js v${pin.version} (${pin.package}@${pin.version}, bin/node SHA-256 ${pin.binarySha256}, as scripts/release/node.json pins)`,
);
const bundled = await buildStandalone({ node, binDir: join(folder, 'bin'), workDir: join(out, '.work', 'sea') });
cpSync(join(root, 'completions'), join(folder, 'completions'), { recursive: true });
cpSync(join(root, 'man', 'man1'), join(folder, 'share', 'man', 'man1'), { recursive: true });
for (const file of ['README.md', 'LICENSE']) copyFileSync(join(root, file), join(folder, file));
// The guides, where README.md's links point (docs/...); the pages of ARCHITECTURE.md, CONTRIBUTING.md and
// BENCHMARKS.md it links are the repository's, for contributors: the npm package carries them.
cpSync(join(root, 'docs'), join(folder, 'docs'), { recursive: true });
for (const file of ['ARCHITECTURE.md', 'CONTRIBUTING.md', 'BENCHMARKS.md']) copyFileSync(join(root, file), join(folder, file));
writeFileSync(join(folder, 'THIRD-PARTY-NOTICES.txt'), standaloneNotices(bundled, dirname(dirname(node))));

// 3. The archive: entries in name order, owned by root, at the epoch, without the writable bits a umask left;
// gzip without a name or time of its own (-n).
const archive = `${name}.tar.gz`;
const tar = spawnSync(
  'tar',
  [
    '-c',
    '--format=gnu',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--sort=name',
    `--mtime=@${epoch}`,
    '--mode=go-w',
    '-C',
    join(out, '.work'),
    name,
  ],
  { maxBuffer: 1 << 30 },
);
if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
writeFileSync(join(out, archive), execFileSync('gzip', ['-n', '-9'], { input: tar.stdout, maxBuffer: 1 << 30 }));

// 4. The Debian package, from the same folder.
const deb = buildDeb({
  standalone: folder,
  work: join(out, '.work', 'deb'),
  out,
  pkg,
  license: readFileSync(join(root, 'LICENSE'), 'utf8'),
  epoch,
});
rmSync(join(out, '.work'), { recursive: true, force: true });

// 5. The checksums of all three.
const sums = [tarball, archive, deb].map(
  (file) =>
    `${createHash('sha256')
      .update(readFileSync(join(out, file)))
      .digest('hex')}  ${file}\n`,
);
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''));
for (const file of readdirSync(out)) console.log(`release/${file}`);
console.error(`release: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

/** SOURCE_DATE_EPOCH when set, else the time of the commit built (git), else 0. */
function sourceDateEpoch() {
  if (/^\d+$/.test(process.env.SOURCE_DATE_EPOCH ?? '')) return Number(process.env.SOURCE_DATE_EPOCH);
  try {
    return Number(execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).trim()) || 0;
  } catch {
    return 0;
  }
}

/**
 * THIRD-PARTY-NOTICES.txt of the archive: what the executable and its files carry besides tix, with each one's
 * licence text. Node.js (its LICENSE lists what Node.js itself bundles); DuckDB (duckdb.node, libduckdb.so) and
 * what is compiled into libduckdb.so; jq-web's jq.js and jq.wasm (jq-web's LICENSE holds jq's), with Oniguruma
 * and the Emscripten runtime compiled into them; and every npm package in the two bundles (`folders`, from
 * their metafiles). The texts of compiled-in code are vendored in licenses/standalone/ (vendor-licences.mjs).
 */
function standaloneNotices(folders, nodePackage) {
  const compiled = compiledNotices(root);
  const packages = packageNotices(root, ['node_modules/@duckdb/node-bindings-linux-x64', 'node_modules/jq-web', ...folders]);
  const nodeNotice = packageNotices(root, [nodePackage]).map((notice) => ({
    ...notice,
    name: 'Node.js',
    into: 'bin/tix (a Node.js single executable application)',
  }));
  const binaries = packages.filter((notice) => notice.name === '@duckdb/node-bindings-linux-x64' || notice.name === 'jq-web');
  const describe = {
    '@duckdb/node-bindings-linux-x64': 'bin/duckdb.node and bin/libduckdb.so (DuckDB)',
    'jq-web': "bin/tix's assets jq.js and jq.wasm (jq)",
  };
  return noticesText(
    [
      `tix ${pkg.version} (MIT, LICENSE) for Linux x64, the standalone archive. bin/tix is Node.js with tix's bundles in it;`,
      'bin/duckdb.node and bin/libduckdb.so are DuckDB. Below, everything these files carry besides tix: Node.js, DuckDB',
      'and the code compiled into libduckdb.so, jq (jq-web) and the code compiled into it, and the npm packages bundled',
      "into tix, each with its licence's full text and where that text was taken from.",
    ],
    [
      ...nodeNotice,
      ...binaries.map((notice) => ({ ...notice, into: describe[notice.name] })),
      ...compiled.filter((notice) => !notice.shared),
      ...packages.filter((notice) => !binaries.includes(notice)),
      ...compiled.filter((notice) => notice.shared),
    ],
  );
}
