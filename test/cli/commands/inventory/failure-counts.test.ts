/**
 * Issue 17 §6: when inventory batches fail, tix counts the ids whose request failed apart from the ids it
 * never asked for after the first failure (without --partial it stops asking), and says both. The sandbox
 * fails exactly chosen requests (failRequests, one request at a time) or every request of one agent
 * (failAgents), so the counts are known in advance.
 */
import { describe, expect, it } from 'vitest';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';
import { useSandbox } from '../../../helpers/sandbox.js';

/** 1,324 made-up TMUSA ids, as in the issue: 133 requests of at most 10. */
const IDS = Array.from({ length: 1324 }, (_, i) => `id${String(i).padStart(4, '0')}`);
const shown = (ids: readonly string[]) => ids.slice(0, 10).join(', ') + (ids.length > 10 ? ', …' : '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the third of 133 requests fails, one request at a time', () => {
  const sandbox = useSandbox({ events: 20, failRequests: [3] });

  it('says 10 ids failed and 1,294 were not requested, and exits 5', async () => {
    const result = await runTix(['inventory', 'TMUSA', '-', '--retries', '0', '--concurrency', '1'], {
      env: sandboxEnv(sandbox().url),
      input: IDS.join('\n'),
    });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^tix: could not fetch inventory for 10 of 1,324 ids \\(${escapeRegExp(shown(IDS.slice(20, 30)))}\\), 1 request failed; 1,294 ids were not requested after the failure; error: the API is unavailable \\(HTTP 503 from GET /inventory/TMUSA/id0020,.*\\), gave up after 1 attempt.*\\n$`,
      ),
    );
    expect(sandbox().log.filter((entry) => entry.path.startsWith('/inventory/'))).toHaveLength(3);
  });
});

describe('every request for the agent fails, four at a time', () => {
  const sandbox = useSandbox({ events: 20, failAgents: ['TMUSA'] });

  it('says the 40 ids of the 4 requests in flight failed and 1,284 were not requested', async () => {
    const result = await runTix(['inventory', 'TMUSA', '-', '--retries', '0', '--concurrency', '4'], {
      env: sandboxEnv(sandbox().url),
      input: IDS.join('\n'),
    });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^tix: could not fetch inventory for 40 of 1,324 ids \\(${escapeRegExp(shown(IDS.slice(0, 40)))}\\), 4 requests failed; 1,284 ids were not requested after the first failure; first error: .*HTTP 503`,
      ),
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(sandbox().log.filter((entry) => entry.path.startsWith('/inventory/'))).toHaveLength(4);
  });
});

describe('--partial: requests 2 and 4 of 5 fail', () => {
  const sandbox = useSandbox({ events: 300, failRequests: [2, 4] });

  it('prints the 30 ids fetched and warns that 2 requests for 20 ids failed', async () => {
    const ids = sandbox()
      .events.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []))
      .slice(0, 50);
    expect(ids).toHaveLength(50);
    const result = await runTix(['inventory', 'TMUSA', ...ids, '--retries', '0', '--concurrency', '1', '--partial'], {
      env: sandboxEnv(sandbox().url),
    });
    expect(result.code).toBe(1);
    const fetched = JSON.parse(result.stdout).data.map((d: { eventId: string }) => d.eventId);
    expect(fetched).toEqual([...ids.slice(0, 10), ...ids.slice(20, 30), ...ids.slice(40, 50)]);
    const failed = [...ids.slice(10, 20), ...ids.slice(30, 40)];
    expect(result.stderr).toMatch(
      new RegExp(
        `^tix: warning: inventory is missing for 20 of 50 ids \\(${escapeRegExp(shown(failed))}\\), 2 requests failed; first error: the API is unavailable \\(HTTP 503 from GET /inventory/TMUSA/${escapeRegExp(ids[10]!)},.*\\n$`,
      ),
    );
  });
});
