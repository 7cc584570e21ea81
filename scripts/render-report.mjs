import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importTreeModule, root } from './bundle-tree.mjs';
import { screenshot } from './chromium-screenshot.mjs';
import { sandboxTix } from './sandbox-tix.mjs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const out = resolve(process.argv[2] ?? join(root, 'docs'));
const work = mkdtempSync(join(tmpdir(), 'tix-report-'));
const { startSandbox } = await importTreeModule("export { startSandbox } from './src/sandbox/index.ts';");

// The week ends at the last 3-hour mark before this machine's clock: tix reads its own clock for "now" (days
// left, the last 24 hours, staleness), so the history must end just before it. The page differs from day to day.
const END = Math.floor(Date.now() / (3 * HOUR)) * (3 * HOUR);
const START = END - 7 * DAY;
let now = START;
const sandbox = await startSandbox({ now: () => new Date(now), events: 2000 });
try {
  const from = new Date(START).toISOString();
  const until = new Date(END + 3 * DAY).toISOString();
  // Events on public sale for the whole week, each listed by StubHub and three agents or more.
  const events = sandbox.events
    .filter((e) => e.agentIds.STUBHUB && Object.keys(e.agentIds).length >= 4 && e.publicSaleDate < from && e.eventDate > until)
    .slice(0, 4);
  const tix = sandboxTix(sandbox.url, work);
  for (const e of events) console.error(`${e.id}: ${e.name} (${e.eventDate})`);
  for (let at = START; at <= END; at += 3 * HOUR) {
    const t = at - START;
    const entries = [events[0].id];
    if (t % (6 * HOUR) === 0) entries.push(events[1].id);
    if (t < 2 * DAY || t > 3.5 * DAY) entries.push(events[2].id);
    if (t <= END - START - 2 * DAY) entries.push(events[3].id);
    now = at;
    await tix(['track', ...entries, ...(t % DAY === 0 ? ['--sales'] : []), '--quiet']);
  }
  mkdirSync(out, { recursive: true });
  const page = join(out, 'report-example.html');
  await tix(['report', '--tz', 'UTC', '--out', page]);
  for (const [width, file] of [
    [1280, 'report-example-1280.png'],
    [390, 'report-example-390.png'],
  ]) {
    screenshot(page, join(out, file), `${width},${width === 390 ? 2400 : 1600}`, work);
  }
  console.error(`wrote ${page}, report-example-1280.png and report-example-390.png`);
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
