/**
 * `tix watch --record --jq`: jq filters a watch's lines for as long as it runs, so on a DuckDB history, whose
 * library stays loaded once it is, the two would be side by side over the 120 MB tix keeps to (137 MB, issue
 * 36 §4): refused before anything is fetched or stored, one line naming --jq, exit 2. On PostgreSQL nothing of
 * DuckDB loads (93 MB), and the watch records and filters as asked.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { describeStores } from './stores.js';

let sandbox: Sandbox;
let id: string;
beforeAll(async () => {
  sandbox = await startSandbox({ now: FIXED_NOW, events: 300, seed: 9 });
  const now = new Date(sandbox.now()).toISOString();
  id = sandbox.events.find((e) => e.agentIds.TMUSA && e.publicSaleDate < now && e.eventDate > now)!.agentIds.TMUSA!;
});
afterAll(() => sandbox.close());

const env = () => ({ ...sandboxEnv(sandbox.url), HOME: tempDir('tix-home-') });

describeStores('tix watch --record --jq', (store) => {
  if (store.name === 'DuckDB') {
    it('refused before the first poll: one line naming --jq and what to do instead, exit 2, nothing stored', async () => {
      const location = store.fresh();
      const result = await runTix(['watch', 'TMUSA', id, '--count', '1', ...location.args, '--jq', '.type'], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        "tix: --jq: watch cannot run jq while it records to a DuckDB history (the two together take more than the 120 MB tix keeps to); pipe its ndjson to jq instead: tix watch ... --record | jq -c '<filter>'\n",
      );
      expect(await location.exists()).toBe(false);
    });

    it('the same watch without --jq records, and --jq without recording filters', async () => {
      const location = store.fresh();
      const recorded = await runTix(['watch', 'TMUSA', id, '--count', '1', ...location.args], { env: env() });
      expect(recorded.code, recorded.stderr).toBe(0);
      expect(await location.sql('SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
      const filtered = await runTix(['watch', 'TMUSA', id, '--count', '1', '--jq', 'select(.type == "snapshot") | .eventId'], {
        env: env(),
      });
      expect(filtered.code, filtered.stderr).toBe(0);
      expect(filtered.stdout).toBe(`${id}\n`);
    });
  } else {
    it('records every poll and prints what the filter makes of its lines', async () => {
      const location = store.fresh();
      const result = await runTix(
        ['watch', 'TMUSA', id, '--count', '1', ...location.args, '--jq', 'select(.type == "snapshot") | .eventId'],
        { env: env() },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(`${id}\n`);
      expect(await location.sql('SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
    });
  }
});
