/**
 * A --jq run leaves code caches that the next run takes (issue 39): the fast path's (bin/code-cache.cjs) and
 * jq-web's script's (src/cli/kit/jq-code-cache.ts). V8 refuses a cache stamped with flags other than its own,
 * and --jq changes V8's flags while it runs: a cache written then was refused by every later run, which wrote
 * it again, so a loop of --jq runs compiled everything every time. A cache that is taken is not written again:
 * its file (inode and bytes) stays as the first run left it. The built binary, as a user runs it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCaches, expectCachesKept } from '../helpers/code-caches.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { sandboxEnv, testDir } from '../helpers/tix-env.js';
import { useSandbox } from '../reliability/support/sandboxes.js';

describe('the code caches of a --jq run', () => {
  const sandbox = useSandbox({ events: 50 });

  // An export changes V8's heap flags too (lean-heap.ts), so it leaves jq-web's cache to a run that does not.
  it.each([
    ['one page', ['events', 'search', '--limit', '3', '--jq', '.events[].id'], ['fast-', 'jq-web-']],
    ['every page', ['events', 'search', '--all', '--page-size', '20', '--jq', '.events[].id'], ['fast-']],
  ])('%s: the next run takes the caches the first one wrote', async (_name, args, kinds) => {
    const cacheHome = testDir('tix-cache-');
    const env = { ...sandboxEnv(sandbox().url), XDG_CACHE_HOME: cacheHome };
    const first = await runBuiltTix(args, { env });
    expect(first.code, first.stderr).toBe(0);
    const written = codeCaches(join(cacheHome, 'tix'));

    const second = await runBuiltTix(args, { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expectCachesKept(written, codeCaches(join(cacheHome, 'tix')), kinds);
  });
});
