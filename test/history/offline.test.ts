/**
 * Issue 19 §1: `tix history evt_...` reads only the store when the store knows the event: no key, no
 * network, after the event. When the store does not know it, the API says which agents list it, and when
 * that fails too, one line says the event is not in the history and how to track it.
 */
import { createServer } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores } from './stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);
const at = (minutes: number) => clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);

/** A base URL nothing listens on: a port the system gave out and took back. */
let closedUrl: string;
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  closedUrl = `http://127.0.0.1:${port}`;
});

/** tix with no API key, the base URL at a closed port. */
const offline = (args: readonly string[]) => runTix(args, { env: { HOME: tempDir('tix-home-'), TIX_BASE_URL: closedUrl } });

let events: { id: string; agentId: string }[];
beforeAll(() => {
  at(0);
  events = onSale(clock.sandbox(), 'TMUSA');
});

/** The rows `history evt_ -o json` gives, from what `track -o json` printed at each run. */
function historyOf(printed: Record<string, unknown>[][]) {
  return printed
    .flat()
    .map(({ agent, api_timestamp, listings, tickets, min_price, median_price, max_price }) => ({
      agent,
      api_timestamp,
      listings,
      tickets,
      min_price,
      median_price,
      max_price,
    }))
    .sort((a, b) =>
      String(a.api_timestamp) < String(b.api_timestamp)
        ? -1
        : a.api_timestamp === b.api_timestamp
          ? String(a.agent) < String(b.agent)
            ? -1
            : 1
          : 1,
    );
}

describeStores('tix history evt_ offline', (store) => {
  it('gives the stored history with no key and the API unreachable, exit 0, nothing on stderr', async () => {
    const where = store.fresh();
    const event = store.name === 'DuckDB' ? events[5]! : events[6]!;
    const printed: Record<string, unknown>[][] = [];
    for (const minutes of [0, 20, 45]) {
      at(minutes);
      const track = await tix(['track', event.id, ...where.args, '-o', 'json']);
      expect(track.code, track.stderr).toBe(0);
      printed.push(JSON.parse(track.stdout).snapshots);
    }
    expect(printed.flat().length).toBeGreaterThan(3);

    const result = await offline(['history', event.id, ...where.args, '-o', 'json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ snapshots: historyOf(printed) });

    // --listings reads the store alone as well.
    const listings = await offline(['history', event.id, ...where.args, '--listings', '-o', 'csv']);
    expect({ code: listings.code, stderr: listings.stderr }).toEqual({ code: 0, stderr: '' });
    expect(listings.stdout.split('\r\n')[0]).toBe(
      'agent,listing_id,section,row,quantity,first_seen,last_seen,first_price,last_price,lowest_price,gone',
    );
  });

  it('an evt_ id the store does not know, with the API unreachable: one line naming the event and how to track it', async () => {
    const where = store.fresh();
    at(0);
    const tracked = events[7]!;
    expect((await tix(['track', tracked.id, ...where.args])).code).toBe(0);
    const other = events[8]!.id;
    const result = await offline(['history', other, ...where.args]);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(3);
    // One line: what is missing, why the API could not help (no key), and what to do.
    const [line, ...rest] = result.stderr.split('\n');
    expect(rest).toEqual(['']);
    expect(
      line!.startsWith(
        `tix: ${other} is not in the price history in ${where.shown}, and the API could not say which agents list it (no API key`,
      ),
    ).toBe(true);
    expect(line!.endsWith(`): record it with 'tix track ${other}'`)).toBe(true);
  });
});
