// The Debian package of the standalone tix (release/tix_<version>_amd64.deb), built with dpkg-deb from the
// standalone folder release.mjs assembles: the same executable and DuckDB's files, laid out as Debian lays out a
// program with private libraries.
//   /usr/lib/tix/tix, duckdb.node, libduckdb.so     the executable loads duckdb.node from its own folder
//                                                    (process.execPath is the real file, not the symlink)
//   /usr/bin/tix -> ../lib/tix/tix
//   /usr/share/man/man1/*.1.gz                       man finds them with no MANPATH
//   /usr/share/bash-completion/completions/tix, /usr/share/zsh/vendor-completions/_tix,
//   /usr/share/fish/vendor_completions.d/tix.fish    each shell's folder for packages' completions
//   /usr/share/doc/tix/copyright                     Debian's machine-readable format, with
//   /usr/share/doc/tix/THIRD-PARTY-NOTICES.txt.gz    every component's licence text (the archive's notices)
//   /usr/share/doc/tix/README.md, docs/, ...          the README and the guides it links, as in the archive
// Every file's time is the release's epoch (SOURCE_DATE_EPOCH), so two builds of one commit are the same bytes.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the executable and DuckDB's files need of the system (objdump -T of the release: GLIBC_2.28 is the newest
 * glibc symbol, GLIBCXX_3.4.22, of GCC 6, the newest of libstdc++).
 */
const DEPENDS = 'libc6 (>= 2.28), libstdc++6 (>= 6), libgcc-s1 | libgcc1';

/** Builds `<out>/tix_<version>_amd64.deb` in `work` from the standalone folder; returns its file name. */
export function buildDeb({ standalone, work, out, pkg, license, epoch }) {
  const file = `tix_${pkg.version}_amd64.deb`;
  const at = (...parts) => join(work, ...parts);
  const lib = at('usr', 'lib', 'tix');
  mkdirSync(lib, { recursive: true });
  for (const name of ['tix', 'duckdb.node', 'libduckdb.so']) copyFileSync(join(standalone, 'bin', name), join(lib, name));
  chmodSync(join(lib, 'tix'), 0o755);
  chmodSync(join(lib, 'duckdb.node'), 0o644);
  chmodSync(join(lib, 'libduckdb.so'), 0o644);
  mkdirSync(at('usr', 'bin'), { recursive: true });
  symlinkSync('../lib/tix/tix', at('usr', 'bin', 'tix'));

  const man = at('usr', 'share', 'man', 'man1');
  mkdirSync(man, { recursive: true });
  for (const page of readdirSync(join(standalone, 'share', 'man', 'man1'))) {
    writeFileSync(join(man, `${page}.gz`), gzipSync(readFileSync(join(standalone, 'share', 'man', 'man1', page)), { level: 9 }));
  }
  const completions = [
    ['tix.bash', ['usr', 'share', 'bash-completion', 'completions', 'tix']],
    ['tix.zsh', ['usr', 'share', 'zsh', 'vendor-completions', '_tix']],
    ['tix.fish', ['usr', 'share', 'fish', 'vendor_completions.d', 'tix.fish']],
  ];
  for (const [source, target] of completions) {
    mkdirSync(at(...target.slice(0, -1)), { recursive: true });
    copyFileSync(join(standalone, 'completions', source), at(...target));
  }
  const doc = at('usr', 'share', 'doc', 'tix');
  mkdirSync(doc, { recursive: true });
  writeFileSync(join(doc, 'THIRD-PARTY-NOTICES.txt.gz'), gzipSync(readFileSync(join(standalone, 'THIRD-PARTY-NOTICES.txt')), { level: 9 }));
  writeFileSync(join(doc, 'copyright'), copyright(license, readFileSync(join(standalone, 'THIRD-PARTY-NOTICES.txt'), 'utf8')));
  for (const file of ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'BENCHMARKS.md'])
    copyFileSync(join(standalone, file), join(doc, file));
  cpSync(join(standalone, 'docs'), join(doc, 'docs'), { recursive: true });

  const installedSize = Number(execFileSync('du', ['-sk', '--exclude=DEBIAN', work], { encoding: 'utf8' }).split('\t')[0]);
  mkdirSync(at('DEBIAN'), { recursive: true });
  writeFileSync(
    at('DEBIAN', 'control'),
    [
      'Package: tix',
      `Version: ${pkg.version}`,
      'Architecture: amd64',
      'Maintainer: the tix authors',
      `Installed-Size: ${installedSize}`,
      `Depends: ${DEPENDS}`,
      'Section: utils',
      'Priority: optional',
      `Description: ${pkg.description}`,
      ' tix is a command-line client for a ticket-market partner API: events, inventory and',
      ' resale sales as CSV, JSON or tables, a price history in DuckDB or PostgreSQL, alerts.',
      ' This package carries its own Node.js 24 and DuckDB (in /usr/lib/tix): it needs no Node.js.',
      '',
    ].join('\n'),
  );
  // Files 0644 and folders 0755 whatever the umask (the executable 0755), every time the epoch.
  execFileSync('chmod', ['-R', 'u+rwX,go+rX,go-w', work]);
  execFileSync('find', [work, '-exec', 'touch', '--no-dereference', `--date=@${epoch}`, '{}', '+']);
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', work, join(out, file)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(epoch) },
  });
  return file;
}

/**
 * /usr/share/doc/tix/copyright in Debian's machine-readable format (copyright-format 1.0): tix's own licence,
 * and for the files that carry third-party code the components, their licences and where the full texts are
 * (THIRD-PARTY-NOTICES.txt.gz beside it, whose "Components:" list this copies).
 */
function copyright(license, notices) {
  const holder = /^Copyright \(c\) (.+)$/m.exec(license)?.[1] ?? 'the tix authors';
  const mit = license
    .split('\n')
    .slice(license.split('\n').findIndex((line) => line.startsWith('Permission')))
    .join('\n')
    .trim();
  const components = /\nComponents:\n\n([\s\S]*?)\n\n/.exec(notices)?.[1] ?? '';
  const field = (text) =>
    text
      .split('\n')
      .map((line) => (line.trim() ? ` ${line.trim()}` : ' .'))
      .join('\n');
  return `${[
    [
      'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
      'Upstream-Name: tix',
      'Comment: tix, with Node.js 24 and DuckDB built into /usr/lib/tix. The full licence text of every third-party',
      ' component, with its copyright lines, is in /usr/share/doc/tix/THIRD-PARTY-NOTICES.txt.gz.',
    ].join('\n'),
    ['Files: *', `Copyright: ${holder}`, 'License: Expat'].join('\n'),
    [
      'Files: usr/lib/tix/tix',
      `Copyright: ${holder}`,
      ' the Node.js contributors, and the authors of the npm packages bundled into tix and of jq, Oniguruma and',
      ' the Emscripten runtime (THIRD-PARTY-NOTICES.txt.gz names each)',
      'License: Expat and other-third-party',
      'Comment: A Node.js 24 executable with tix, its bundled npm packages and jq-web (jq.js, jq.wasm) in it.',
    ].join('\n'),
    [
      'Files: usr/lib/tix/duckdb.node usr/lib/tix/libduckdb.so',
      'Copyright: Stichting DuckDB Foundation, and the authors of the libraries compiled into DuckDB',
      ' (THIRD-PARTY-NOTICES.txt.gz names each)',
      'License: Expat and other-third-party',
    ].join('\n'),
    ['License: Expat', field(mit)].join('\n'),
    [
      'License: other-third-party',
      field(
        `The components below are under the licences named beside each; their full texts, with their copyright lines,\nare in /usr/share/doc/tix/THIRD-PARTY-NOTICES.txt.gz, in this order.\n\n${components}`,
      ),
    ].join('\n'),
  ].join('\n\n')}\n`;
}
