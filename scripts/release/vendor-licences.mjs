// Writes licenses/standalone/: the licence texts of what is compiled into the standalone archive's binaries and
// that no installed npm package carries (DuckDB's third-party code in libduckdb.so; Oniguruma and the Emscripten
// runtime in jq-web's jq.wasm and jq.js). Not part of the build: run by hand when DuckDB or jq-web is upgraded,
// then read the diff. Each text is taken from a file this script is given, never written from a licence's name:
//
//   node scripts/release/vendor-licences.mjs DEBIAN_DOCS DUCKDB_SOURCE
//
// DEBIAN_DOCS is a folder of Debian 12's usr/share/doc/<package>/copyright files (the upstream licence texts, in
// Debian's machine-readable format), from the packages in DEBIAN below:
//   apt-get download <package>... && for deb in *.deb; do dpkg-deb --fsys-tarfile "$deb" | tar -x --wildcards './usr/share/doc/*/copyright'; done
// DUCKDB_SOURCE is DuckDB's src/duckdb/ folder from the npm package duckdb (the old Node.js client, which ships
// DuckDB's source; `npm pack duckdb@1.4.4`): its third_party/ files whose headers hold their licence text.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../bundle-tree.mjs';

const [debianDocs, duckdbSource] = process.argv.slice(2);
if (!debianDocs || !duckdbSource) {
  console.error('usage: node scripts/release/vendor-licences.mjs DEBIAN_DOCS DUCKDB_SOURCE');
  process.exit(2);
}
const DUCKDB_NPM = 'duckdb@1.4.4';
const out = join(root, 'licenses', 'standalone');

/** Debian 12 (bookworm) packages whose copyright file is the text, with their versions (apt-get download's). */
const DEBIAN = {
  libonig5: '6.9.8-1',
  emscripten: '3.1.6~dfsg-5',
  'libthrift-0.17.0': '0.17.0-2+b2',
  libbrotli1: '1.0.9-2+deb12u1',
  'libfast-float-dev': '3.9.0-1',
  libfmt9: '9.1.0+ds1-2',
  'libcpp-httplib0.11': '0.11.4+ds-1+deb12u1',
  'libpg-query1504.0': '15-4.0.0-2',
  'liblz4-1': '1.9.4-1',
  libmbedtls14: '2.28.3-1',
  'libconcurrentqueue-dev': '1.0.3+ds-1',
  'libpcg-cpp-dev': '0.98.1-2',
  'pdqsort-dev': '0.0.0+git20180419-2.1',
  'libre2-9': '20220601+dfsg-1+b1',
  libsnappy1v5: '1.1.9-3',
  libutf8proc2: '2.8.0-1',
  libzstd1: '1.5.4+dfsg2-5',
  libicu72: '72.1-3+deb12u1',
  'libdouble-conversion3': '3.2.1-1',
  libjemalloc2: '5.3.0-1',
};

const debian = (pkg) => ({
  text: readFileSync(join(debianDocs, pkg, 'copyright'), 'utf8'),
  from: `Debian 12's package ${pkg} ${DEBIAN[pkg]}, /usr/share/doc/${pkg}/copyright (the upstream licence texts in Debian's machine-readable format), verbatim`,
});

/** Lines `first`..`last` (1-based) of a DuckDB source file, its comment markers taken off. */
const header = (file, first, last) => ({
  text: `${readFileSync(join(duckdbSource, file), 'utf8')
    .split('\n')
    .slice(first - 1, last)
    .map((line) =>
      line
        .replace(/^\s*(\/\*+=*|\*+=*\/|=+\*\/|\*\/|\/\/|\*)? ?/, '')
        .replace(/\s*\*\/\s*$/, '')
        .trimEnd(),
    )
    .join('\n')
    .trim()}\n`,
  from: `the licence header of ${file} (lines ${first}-${last}) in DuckDB's source as the npm package ${DUCKDB_NPM} ships it (src/duckdb/${file})`,
});

/** The Emscripten copyright file's paragraphs for what a program it compiles carries: its runtime and system libraries. */
function emscriptenRuntime() {
  const { text, from } = debian('emscripten');
  const paragraphs = text.split(/\n\s*\n/);
  const files = paragraphs.filter((p) => /^Files:/m.test(p));
  const runtime = files.filter((p) => {
    const patterns = /^Files:\s*\n?([\s\S]*?)\n(?=\S)/m.exec(p)?.[1].split(/\s+/).filter(Boolean) ?? [];
    return patterns.some((pattern) => pattern === '*' || pattern.startsWith('system/lib/') || pattern.startsWith('src/'));
  });
  const names = new Set(
    runtime.flatMap((p) =>
      (/^License: (.+)$/m.exec(p)?.[1] ?? '').split(/ or | and |, /).map((name) => name.replace(/ with .*$/, '').trim()),
    ),
  );
  const licences = paragraphs.filter(
    (p) =>
      /^License: /.test(p) &&
      names.has(
        /^License: (.+)$/m
          .exec(p)[1]
          .replace(/ with .*$/, '')
          .trim(),
      ),
  );
  return {
    text: `${[paragraphs[0], ...runtime, ...licences].join('\n\n')}\n`,
    from: `${from.replace(', verbatim', '')}: its header, the paragraphs of the files a compiled program carries (*, src/, system/lib/: the runtime, musl libc, compiler-rt, dlmalloc, ...) and the licence paragraphs they name`,
  };
}

/** A paragraph `License: <name>` of a Debian copyright file: a licence's full text. */
function debianLicence(pkg, name) {
  const { text, from } = debian(pkg);
  const paragraph = text.split(/\n\s*\n/).find((p) => p.startsWith(`License: ${name}\n`));
  if (!paragraph) throw new Error(`${pkg}'s copyright has no paragraph License: ${name}`);
  const body = paragraph
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^ /, '').replace(/^\.$/, ''))
    .join('\n');
  return { text: `${body.trim()}\n`, from: `${from.replace(', verbatim', '')}, its paragraph "License: ${name}"` };
}

const apache = {
  text: readFileSync('/usr/share/common-licenses/Apache-2.0', 'utf8'),
  from: "Debian 12's base-files, /usr/share/common-licenses/Apache-2.0",
};

const DUCKDB = 'libduckdb.so (DuckDB';
/** [file, component, compiled into, licence, { text, from }, namespace in libduckdb.so's symbols (for the test)] */
const COMPONENTS = [
  ['oniguruma', 'Oniguruma', "jq-web's jq.wasm (jq's regular expressions)", 'BSD-2-Clause', debian('libonig5')],
  [
    'emscripten',
    'Emscripten runtime',
    "jq-web's jq.js and jq.wasm (the Emscripten runtime and system libraries)",
    'MIT or NCSA, and the licences of its system libraries',
    emscriptenRuntime(),
  ],
  ['duckdb-thrift', 'Apache Thrift', `${DUCKDB}'s third_party/thrift)`, 'Apache-2.0', debian('libthrift-0.17.0'), 'duckdb_apache'],
  ['duckdb-brotli', 'Brotli', `${DUCKDB}'s third_party/brotli)`, 'MIT', debian('libbrotli1'), 'duckdb_brotli'],
  [
    'duckdb-fast_float',
    'fast_float',
    `${DUCKDB}'s third_party/fast_float)`,
    'MIT or Apache-2.0',
    debian('libfast-float-dev'),
    'duckdb_fast_float',
  ],
  [
    'duckdb-fastpforlib',
    'FastPFor (fastpforlib)',
    `${DUCKDB}'s third_party/fastpforlib)`,
    'Apache-2.0',
    header('third_party/fastpforlib/bitpacking.h', 1, 5),
    'duckdb_fastpforlib',
  ],
  ['duckdb-fmt', '{fmt}', `${DUCKDB}'s third_party/fmt)`, 'MIT', debian('libfmt9'), 'duckdb_fmt'],
  ['duckdb-fsst', 'FSST', `${DUCKDB}'s third_party/fsst)`, 'MIT', header('third_party/fsst/fsst.h', 1, 20), 'duckdb_fsst'],
  [
    'duckdb-hyperloglog',
    'HyperLogLog and SDS (from Redis)',
    `${DUCKDB}'s third_party/hyperloglog)`,
    'BSD-3-Clause',
    joinTexts(header('third_party/hyperloglog/hyperloglog.cpp', 1, 29), header('third_party/hyperloglog/sds.hpp', 1, 31)),
    'duckdb_hll',
  ],
  ['duckdb-httplib', 'cpp-httplib', `${DUCKDB}'s third_party/httplib)`, 'MIT', debian('libcpp-httplib0.11'), 'duckdb_httplib'],
  [
    'duckdb-jaro_winkler',
    'jaro_winkler (from RapidFuzz)',
    `${DUCKDB}'s third_party/jaro_winkler)`,
    'MIT',
    jaroWinkler(),
    'duckdb_jaro_winkler',
  ],
  [
    'duckdb-libpg_query',
    'libpg_query and the PostgreSQL parser',
    `${DUCKDB}'s third_party/libpg_query)`,
    'BSD-3-Clause and PostgreSQL',
    debian('libpg-query1504.0'),
    'duckdb_libpgquery',
  ],
  ['duckdb-lz4', 'LZ4', `${DUCKDB}'s third_party/lz4)`, 'BSD-2-Clause', debian('liblz4-1'), 'duckdb_lz4'],
  ['duckdb-mbedtls', 'Mbed TLS', `${DUCKDB}'s third_party/mbedtls)`, 'Apache-2.0', debian('libmbedtls14'), 'duckdb_mbedtls'],
  ['duckdb-miniz', 'miniz', `${DUCKDB}'s third_party/miniz)`, 'MIT', header('third_party/miniz/miniz.cpp', 1, 25), 'duckdb_miniz'],
  [
    'duckdb-concurrentqueue',
    'moodycamel::ConcurrentQueue',
    `${DUCKDB}'s third_party/concurrentqueue)`,
    'BSD-2-Clause or BSL-1.0',
    debian('libconcurrentqueue-dev'),
    'duckdb_moodycamel',
  ],
  ['duckdb-nanoarrow', 'nanoarrow (Apache Arrow)', `${DUCKDB}'s third_party/nanoarrow)`, 'Apache-2.0', nanoarrow(), 'duckdb_nanoarrow'],
  [
    'duckdb-parquet',
    'Apache Parquet (parquet.thrift, as generated code)',
    `${DUCKDB}'s third_party/parquet and its parquet extension)`,
    'Apache-2.0',
    parquet(),
    'duckdb_parquet',
  ],
  [
    'duckdb-pcg',
    'PCG random number generation',
    `${DUCKDB}'s third_party/pcg)`,
    'Apache-2.0 or MIT',
    joinTexts(header('third_party/pcg/pcg_random.hpp', 1, 20), debian('libpcg-cpp-dev')),
  ],
  ['duckdb-pdqsort', 'pdqsort', `${DUCKDB}'s third_party/pdqsort)`, 'Zlib', debian('pdqsort-dev'), 'duckdb_pdqsort'],
  ['duckdb-re2', 'RE2', `${DUCKDB}'s third_party/re2)`, 'BSD-3-Clause', debian('libre2-9'), 'duckdb_re2'],
  [
    'duckdb-ska_sort',
    'ska_sort',
    `${DUCKDB}'s third_party/ska_sort)`,
    'BSL-1.0',
    joinTexts(header('third_party/ska_sort/ska_sort.hpp', 1, 3), debianLicence('libconcurrentqueue-dev', 'Boost')),
    'duckdb_ska_sort',
  ],
  [
    'duckdb-skiplist',
    'skiplist',
    `${DUCKDB}'s third_party/skiplist)`,
    'MIT',
    header('third_party/skiplist/HeadNode.h', 1, 32),
    'duckdb_skiplistlib',
  ],
  ['duckdb-snappy', 'Snappy', `${DUCKDB}'s third_party/snappy)`, 'BSD-3-Clause', debian('libsnappy1v5'), 'duckdb_snappy'],
  [
    'duckdb-tdigest',
    't-digest',
    `${DUCKDB}'s third_party/tdigest)`,
    'Apache-2.0',
    header('third_party/tdigest/t_digest.hpp', 1, 16),
    'duckdb_tdigest',
  ],
  ['duckdb-utf8proc', 'utf8proc', `${DUCKDB}'s third_party/utf8proc)`, 'MIT and Unicode-DFS-2016', debian('libutf8proc2')],
  [
    'duckdb-vergesort',
    'vergesort',
    `${DUCKDB}'s third_party/vergesort)`,
    'MIT',
    header('third_party/vergesort/vergesort.h', 1, 25),
    'duckdb_vergesort',
  ],
  [
    'duckdb-yyjson',
    'yyjson',
    `${DUCKDB}'s third_party/yyjson, its json extension)`,
    'MIT',
    header('third_party/yyjson/yyjson.cpp', 1, 21),
    'duckdb_yyjson',
  ],
  ['duckdb-zstd', 'Zstandard', `${DUCKDB}'s third_party/zstd)`, 'BSD-3-Clause', debian('libzstd1'), 'duckdb_zstd'],
  [
    'duckdb-icu',
    'ICU (International Components for Unicode)',
    `${DUCKDB}'s icu extension, ICU 66)`,
    'ICU (MIT-style, Unicode, Inc.)',
    debian('libicu72'),
  ],
  [
    'duckdb-double-conversion',
    'double-conversion (inside ICU)',
    `${DUCKDB}'s icu extension, ICU's copy of double-conversion)`,
    'BSD-3-Clause',
    debian('libdouble-conversion3'),
  ],
  ['duckdb-jemalloc', 'jemalloc', `${DUCKDB}'s jemalloc extension)`, 'BSD-2-Clause', debian('libjemalloc2')],
];

function joinTexts(...parts) {
  return {
    text: `${parts.map((part) => part.text.trimEnd()).join('\n\n-----\n\n')}\n`,
    from: parts.map((part) => part.from).join('; then '),
  };
}

function jaroWinkler() {
  const spdx = header('third_party/jaro_winkler/jaro_winkler.hpp', 1, 2);
  // The file names its licence by SPDX identifier only; the MIT text is DuckDB's own (node-bindings' LICENSE), its copyright line left out.
  const mit = readFileSync(join(root, 'node_modules', '@duckdb', 'node-bindings-linux-x64', 'LICENSE'), 'utf8')
    .split('\n')
    .slice(2)
    .join('\n');
  return {
    text: `${spdx.text.trim()}\n\n${mit.trim()}\n`,
    from: `${spdx.from}, which names the licence by its SPDX identifier; the MIT text from @duckdb/node-bindings-linux-x64's LICENSE, without its copyright line`,
  };
}

function nanoarrow() {
  return {
    text: `nanoarrow is part of Apache Arrow: Copyright The Apache Software Foundation, licensed under the Apache License,\nVersion 2.0 (the full text follows in Apache-2.0).\n\n${apache.text}`,
    from: `DuckDB 1.5's third_party/nanoarrow, which no installed package's source holds (${DUCKDB_NPM} predates it); the Apache License 2.0 text from ${apache.from}`,
  };
}

function parquet() {
  return {
    text: `parquet.thrift and the code Apache Thrift generates from it: Copyright The Apache Software Foundation, licensed under\nthe Apache License, Version 2.0 (the full text follows).\n\n${apache.text}`,
    from: `${DUCKDB_NPM}'s src/duckdb/third_party/parquet (generated code without a header of its own); the Apache License 2.0 text from ${apache.from}`,
  };
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'Apache-2.0'), `Licence: Apache-2.0\nText from: ${apache.from}\n---\n${apache.text}`);
for (const [file, component, into, licence, { text, from }, namespace] of COMPONENTS) {
  const apacheToo = /Apache-2\.0/.test(licence) && !/Apache License\s+Version 2\.0, January 2004/.test(text);
  const head = [
    `Component: ${component}`,
    `Compiled into: ${into}`,
    `Licence: ${licence}`,
    `Text from: ${from}`,
    ...(namespace ? [`Namespace: ${namespace}`] : []),
    ...(apacheToo ? ['See also: Apache-2.0'] : []),
    '---',
  ];
  writeFileSync(join(out, file), `${head.join('\n')}\n${text}`);
}
console.log(`licenses/standalone: ${readdirSync(out).length} files`);
