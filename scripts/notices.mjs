// The third-party notices: the licence text of every npm package whose code a bundle holds, found from esbuild's
// metafiles (each input file under node_modules/<package>/ puts that package in the bundle). The npm build writes
// dist/THIRD-PARTY-NOTICES.txt (build.mjs); the standalone archive's THIRD-PARTY-NOTICES.txt holds its bundles'
// packages and what is compiled into its binaries (scripts/release/release.mjs). A package's text is its own
// licence file (LICENSE, LICENCE, COPYING, ...); a package whose tarball has none (pg-types, pgpass) must have
// its real licence text vendored in the repository's licenses/ folder as licenses/<name>@<version> (a scope's
// '/' as '+'), or the build fails: a notice is never made up from a package.json's licence name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's folder of vendored licence texts (licenses/README.md says where each came from). */
export const VENDORED_LICENCES = 'licenses';

/** A licence text shorter than this is a placeholder, not a licence (the shortest real one here, ISC, is ~700). */
export const MIN_LICENCE_CHARS = 300;

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i;
const LICENCE_FILE_LOOSE = /^(licen[cs]e|copying)/i;

/**
 * The package folders (relative to `root`, e.g. node_modules/pg-types or node_modules/a/node_modules/b) whose
 * files are inputs of the given esbuild metafiles, sorted. A path inside nested node_modules names the innermost.
 */
export function bundledPackageFolders(metafiles) {
  const folders = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      // Inputs a plugin made up live in its namespace ("ns:path") and are no package's code.
      if (/^[a-z-]+:/.test(input)) continue;
      const match = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+(?=\/)/.exec(input.replaceAll('\\', '/'));
      if (match) folders.add(match[0]);
    }
  }
  return [...folders].sort();
}

/**
 * One notice per package folder (relative to `root`, or absolute): { name, version, license, text, source }, where source says which file the
 * text is from. Throws, naming every package at fault, when a package has no licence text of its own and none
 * is vendored, or when a text is too short to be a licence.
 */
export function packageNotices(root, folders) {
  const notices = [];
  const problems = [];
  for (const folder of folders) {
    const pkg = JSON.parse(readFileSync(resolve(root, folder, 'package.json'), 'utf8'));
    const found = licenceText(root, folder, pkg);
    if (!found) {
      problems.push(
        `${pkg.name}@${pkg.version} (${folder}) ships no licence text: add its real licence text as ${VENDORED_LICENCES}/${vendoredName(pkg)}`,
      );
      continue;
    }
    if (found.text.trim().length < MIN_LICENCE_CHARS) {
      problems.push(
        `${pkg.name}@${pkg.version}: ${found.source} is too short to be a licence text (${found.text.trim().length} characters)`,
      );
      continue;
    }
    notices.push({ name: pkg.name, version: pkg.version, license: licenceName(pkg), ...found });
  }
  if (problems.length) throw new Error(`third-party notices:\n  ${problems.join('\n  ')}`);
  // The same package twice (two folders of one version) is one notice.
  const seen = new Set();
  return notices
    .filter((notice) => !seen.has(`${notice.name}@${notice.version}`) && seen.add(`${notice.name}@${notice.version}`))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** licenses/<name>@<version>, a scope's '/' as '+'. */
export function vendoredName(pkg) {
  return `${pkg.name.replace('/', '+')}@${pkg.version}`;
}

function licenceText(root, folder, pkg) {
  const files = readdirSync(resolve(root, folder));
  const file = files.find((name) => LICENCE_FILE.test(name)) ?? files.find((name) => LICENCE_FILE_LOOSE.test(name));
  if (file) return { text: readFileSync(resolve(root, folder, file), 'utf8'), source: `${pkg.name}'s ${file}` };
  const vendored = join(root, VENDORED_LICENCES, vendoredName(pkg));
  if (existsSync(vendored)) {
    return { text: readFileSync(vendored, 'utf8'), source: `${VENDORED_LICENCES}/${vendoredName(pkg)} in tix's repository` };
  }
  return undefined;
}

function licenceName(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((licence) => licence.type).join(' OR ');
  return 'see its licence text';
}

/** licenses/standalone/: the texts of what is compiled into the archive's binaries (scripts/release/vendor-licences.mjs). */
export const COMPILED_LICENCES = join(VENDORED_LICENCES, 'standalone');

/**
 * The vendored texts of licenses/standalone/, parsed: each file is header lines (Component, Compiled into,
 * Licence, Text from; Namespace and See also optional), a line `---`, then the text. A file another names in
 * `See also` (Apache-2.0: one full text for all that use it) is a `shared` notice. Throws on a file without the
 * header or whose text (with what it sees also) is too short to be a licence.
 */
export function compiledNotices(root) {
  const dir = join(root, COMPILED_LICENCES);
  const files = readdirSync(dir).sort();
  const parsed = files.map((file) => {
    const content = readFileSync(join(dir, file), 'utf8');
    const end = content.indexOf('\n---\n');
    if (end < 0) throw new Error(`third-party notices: ${COMPILED_LICENCES}/${file} has no header (a line --- after it)`);
    const fields = Object.fromEntries(
      content
        .slice(0, end)
        .split('\n')
        .map((line) => /^([A-Za-z ]+): (.*)$/.exec(line)?.slice(1) ?? [line, '']),
    );
    return { file, fields, text: content.slice(end + 5) };
  });
  const byFile = new Map(parsed.map((entry) => [entry.file, entry]));
  const seenAlso = new Set(parsed.flatMap((entry) => (entry.fields['See also'] ? entry.fields['See also'].split(/, */) : [])));
  const notices = [];
  for (const { file, fields, text } of parsed) {
    const shared = seenAlso.has(file);
    const component = fields.Component ?? (shared ? `${fields.Licence} (the full text)` : undefined);
    if (!component || !fields.Licence || !fields['Text from'] || (!shared && !fields['Compiled into'])) {
      throw new Error(`third-party notices: ${COMPILED_LICENCES}/${file} lacks Component, Compiled into, Licence or Text from`);
    }
    const also = (fields['See also'] ?? '').split(/, */).filter(Boolean);
    for (const other of also)
      if (!byFile.has(other)) throw new Error(`third-party notices: ${COMPILED_LICENCES}/${file} sees also ${other}, which is not there`);
    const length = text.trim().length + also.reduce((sum, other) => sum + byFile.get(other).text.trim().length, 0);
    if (length < MIN_LICENCE_CHARS) throw new Error(`third-party notices: ${COMPILED_LICENCES}/${file} is too short to be a licence text`);
    notices.push({
      file,
      shared,
      name: component,
      license: fields.Licence,
      into: fields['Compiled into'],
      namespace: fields.Namespace,
      seeAlso: also,
      text: also.length ? `${text.trimEnd()}\n\n(The full text of ${also.join(' and ')} is in its own section of this file.)\n` : text,
      source: `${fields['Text from']} (${COMPILED_LICENCES}/${file} in tix's repository)`,
    });
  }
  return notices;
}

const RULE = '='.repeat(79);

/**
 * The notices file: a header (`intro`, lines of text), a list of the components, then each component's
 * licence text. `notices` are packageNotices() entries or { name, version?, license, text, source } of a
 * component compiled into a binary.
 */
export function noticesText(intro, notices) {
  const title = (notice) => `${notice.name}${notice.version ? ` ${notice.version}` : ''}`;
  const lines = [...intro, '', 'Components:', '', ...notices.map((notice) => `  ${title(notice)} (${notice.license})`), ''];
  // Each section: a rule, its title, Licence, In (what holds it, for compiled code), Text from, a rule, the text.
  for (const notice of notices) {
    lines.push(
      RULE,
      `${title(notice)}`,
      `Licence: ${notice.license}`,
      `Text from: ${notice.source}`,
      RULE,
      '',
      notice.text.trimEnd(),
      '',
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
