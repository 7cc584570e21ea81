// `npm run release`: the two things a user installs, in release/:
//   tix-<version>.tgz                  the npm package (`npm pack`, which builds dist/ first: prepack)
//   tix-<version>-linux-x64.tar.gz     the standalone tix, for a machine without Node.js (build-sea.mjs)
//   SHA256SUMS                         both, as `sha256sum -c` reads them
// Only linux-x64 is built: the platform CI runs, so every archive made is one that was tested. Another platform
// needs its own Node.js binary (node-<platform>-<arch>@24 from npm) and DuckDB's bindings for it, built on it
// (README, Install).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from '../bundle-tree.mjs';
import { buildStandalone } from './build-sea.mjs';
import { nodeBinary } from './node-binary.mjs';

const platform = `${process.platform}-${process.arch}`;
if (platform !== 'linux-x64') {
  console.error(`release: the standalone archive is built for linux-x64 only, not ${platform}`);
  process.exit(1);
}
const started = Date.now();
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

// 2. The standalone folder: bin/ (tix and DuckDB's files), completions, man pages, README, licences.
const node = await nodeBinary(24);
const bundled = await buildStandalone({ node, binDir: join(folder, 'bin'), workDir: join(out, '.work', 'sea') });
cpSync(join(root, 'completions'), join(folder, 'completions'), { recursive: true });
if (existsSync(join(root, 'man', 'man1'))) cpSync(join(root, 'man', 'man1'), join(folder, 'man', 'man1'), { recursive: true });
for (const file of ['README.md', 'LICENSE']) copyFileSync(join(root, file), join(folder, file));
writeLicences(join(folder, 'licenses'), bundled, dirname(dirname(node)));

// 3. The archive, then the checksums of both.
const archive = `${name}.tar.gz`;
execFileSync('tar', [
  '-czf',
  join(out, archive),
  '--owner=0',
  '--group=0',
  '--numeric-owner',
  '--sort=name',
  '-C',
  join(out, '.work'),
  name,
]);
rmSync(join(out, '.work'), { recursive: true, force: true });
const sums = [tarball, archive].map(
  (file) =>
    `${createHash('sha256')
      .update(readFileSync(join(out, file)))
      .digest('hex')}  ${file}\n`,
);
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''));
for (const file of readdirSync(out)) console.log(`release/${file}`);
console.error(`release: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

/**
 * The licences of what the executable carries besides tix: Node.js (whose LICENSE lists what it bundles),
 * DuckDB, jq-web, and every package in the bundles (`folders`, under node_modules). One file each, named after
 * the package (with its version where two versions are bundled).
 */
function writeLicences(dir, folders, nodePackage) {
  mkdirSync(dir, { recursive: true });
  const sources = [
    nodePackage,
    ...['node_modules/@duckdb/node-bindings-linux-x64', 'node_modules/jq-web', ...folders].map((folder) => join(root, folder)),
  ];
  for (const source of sources) {
    const { name, version, license } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
    const licence = readdirSync(source).find((file) => /^(licen[cs]e|copying)/i.test(file));
    let target = join(dir, name.replace('/', '+'));
    if (existsSync(target)) target += `@${version}`;
    if (licence) copyFileSync(join(source, licence), target);
    // A few packages (pg-types) ship no licence text: their package.json's licence is all there is to say.
    else if (license)
      writeFileSync(target, `${name} ${version} is licensed under ${license} (its package.json; it ships no licence text).\n`);
    else throw new Error(`release: ${source} names no licence`);
  }
}
