import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importTreeModule, root } from './bundle-tree.mjs';
import { screenshot } from './chromium-screenshot.mjs';
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
    screenshot(join(out, 'history-chart.svg'), join(out, file), size, work);
  }
  console.error(`wrote ${out}/history-chart.svg, .txt, .png (1200x800) and -600.png (600x400)`);
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
