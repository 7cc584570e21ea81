// Regenerates the chart docs/history.md shows, from the sandbox: docs/history-chart.svg (what `tix history
// --chart --out` wrote), docs/history-chart.txt (the terminal chart at 100 columns) and the SVG as a
// browser window shows it, docs/history-chart.png (1200x800) and docs/history-chart-600.png (600x400),
// taken by headless Chromium (Debian's `chromium` package).
//
// The history is made as cron would make it: `tix track <evt>` (the built bin/tix, its own process) every
// three hours from half a day before the event's public sale until after the event, with one stop of a day
// and a half (a cron job that stopped), against a sandbox run here whose clock is set before each run. The
// clock is exact, so every run of this script makes the same history and the same picture.
//
// Usage: node scripts/render-chart-png.mjs [out-dir]   (default docs; needs a built dist/: node scripts/build.mjs)
// Not run by tests or CI.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importTreeModule, root } from './bundle-tree.mjs';
import { sandboxTix } from './sandbox-tix.mjs';

const HOUR = 3_600_000;
const out = resolve(process.argv[2] ?? join(root, 'docs'));
const work = mkdtempSync(join(tmpdir(), 'tix-chart-'));
const { startSandbox } = await importTreeModule("export { startSandbox } from './src/sandbox/index.ts';");

let now = Date.parse('2026-03-15T00:00:00Z');
const sandbox = await startSandbox({ now: () => new Date(now), events: 2000 });
try {
  // The first event after the clock, listed by four agents or more, whose public sale is 4 to 8 days before
  // it: both fit one chart.
  const event = sandbox.events.find((e) => {
    const sale = Date.parse(e.publicSaleDate);
    const date = Date.parse(e.eventDate);
    return sale > now + 24 * HOUR && date - sale >= 96 * HOUR && date - sale <= 192 * HOUR && Object.keys(e.agentIds).length >= 4;
  });
  const sale = Date.parse(event.publicSaleDate);
  const end = Date.parse(event.eventDate) + 12 * HOUR;
  const pause = [sale + 36 * HOUR, sale + 72 * HOUR];
  const tix = sandboxTix(sandbox.url, work);
  console.error(`charting ${event.id} (${event.name}): public sale ${event.publicSaleDate}, event ${event.eventDate}`);
  for (let at = Math.floor((sale - 12 * HOUR) / HOUR) * HOUR; at <= end; at += 3 * HOUR) {
    if (at > pause[0] && at < pause[1]) continue;
    now = at;
    await tix(['track', event.id, '--quiet']);
  }
  mkdirSync(out, { recursive: true });
  await tix(['history', event.id, '--chart', '--tz', 'UTC', '--out', join(out, 'history-chart.svg')]);
  await tix(['history', event.id, '--chart', '--tz', 'UTC', '--out', join(out, 'history-chart.txt')], { COLUMNS: '100' });
  for (const [size, file] of [
    ['1200,800', 'history-chart.png'],
    ['600,400', 'history-chart-600.png'],
  ]) {
    execFileSync(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        `--user-data-dir=${mkdtempSync(join(work, 'chromium-'))}`,
        '--hide-scrollbars',
        `--window-size=${size}`,
        `--screenshot=${join(out, file)}`,
        pathToFileURL(join(out, 'history-chart.svg')).href,
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
  }
  console.error(`wrote ${out}/history-chart.svg, .txt, .png (1200x800) and -600.png (600x400)`);
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
