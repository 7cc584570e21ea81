/**
 * Every relative link and anchor of the Markdown files resolves: README.md, CONTRIBUTING.md, ARCHITECTURE.md,
 * BENCHMARKS.md and docs/ (the generated command reference included). A link into docs/commands/ is checked
 * like any other once that folder exists; until the build generates it, such links are the only ones let pass.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/tix-env.js';
import { anchorsOf, COMMAND_REFERENCE, type Link, linksOf, markdownFiles, slugOf } from './markdown.js';

const files = markdownFiles();
const texts = new Map(files.map((f) => [f, readFileSync(join(REPO_ROOT, f), 'utf8')]));
const anchorCache = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(texts.get(file) ?? readFileSync(join(REPO_ROOT, file), 'utf8'));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with a link, or undefined when it resolves (or is not relative: a URL, a mail address). */
function brokenBecause(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined;
  const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = pathPart === '' ? link.file : normalize(join(dirname(link.file), decodeURIComponent(pathPart)));
  if (target.startsWith('..')) return `${link.target} leaves the repository`;
  const absolute = join(REPO_ROOT, target);
  if (!existsSync(absolute)) {
    const generatedLater = target.startsWith(`${COMMAND_REFERENCE}/`) && !existsSync(join(REPO_ROOT, COMMAND_REFERENCE));
    return generatedLater ? undefined : `${target} does not exist`;
  }
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md') || statSync(absolute).isDirectory()) return `an anchor into ${target}, which is not a Markdown file`;
  return anchorsIn(target).has(anchor) ? undefined : `${relative('.', target)} has no heading or id for #${anchor}`;
}

describe('the Markdown files', () => {
  it('include the README, the contributor guide and the guides', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'BENCHMARKS.md', 'docs/querying.md']));
  });

  for (const file of files) {
    it(`${file}: every relative link and anchor resolves`, () => {
      const links = linksOf(file, texts.get(file)!);
      const broken = links.flatMap((link) => {
        const why = brokenBecause(link);
        return why ? [`${file}:${link.line}: (${link.target}) ${why}`] : [];
      });
      expect(broken).toEqual([]);
    });
  }
});

describe('the link checker', () => {
  it('spells anchors as GitHub does', () => {
    expect(slugOf('events view: one event, every market')).toBe('events-view-one-event-every-market');
    expect(slugOf('`--sandbox` and the stored key')).toBe('--sandbox-and-the-stored-key');
    expect(slugOf('Where --out writes')).toBe('where---out-writes');
    expect([...anchorsOf('# A\n\n## A\n\n```sh\n# not a heading\n```\n<a id="x"></a>')]).toEqual(['a', 'a-1', 'x']);
  });

  it('finds a broken file, a broken anchor and a link out of the repository, and ignores code and URLs', () => {
    const text = [
      '[ok](docs/querying.md#inventory) [gone](docs/nothing.md) [bad](docs/querying.md#no-such-part)',
      '[up](../elsewhere.md) [web](https://example.com/x#y) `[code](nowhere.md)`',
      '```sh',
      'echo [no](nowhere.md)',
      '```',
    ].join('\n');
    const problems = linksOf('README.md', text).map((link) => [link.target, brokenBecause(link)]);
    expect(problems).toEqual([
      ['docs/querying.md#inventory', undefined],
      ['docs/nothing.md', 'docs/nothing.md does not exist'],
      ['docs/querying.md#no-such-part', 'docs/querying.md has no heading or id for #no-such-part'],
      ['../elsewhere.md', '../elsewhere.md leaves the repository'],
      ['https://example.com/x#y', undefined],
    ]);
  });
});
