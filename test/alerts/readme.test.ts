/**
 * The alert of docs/alerts.md has the shape of a real one: the same fields in the same order, of
 * the same types, and a `text` spelt as tix spells it from those fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { REPO_ROOT } from '../helpers/tix-env.js';
import { freshDb, onSale, tixAt, useClockedSandbox } from '../history/support.js';
import { ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();

function guideAlert(): Record<string, unknown> {
  const guide = readFileSync(join(REPO_ROOT, 'docs', 'alerts.md'), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(guide);
  expect(block, 'a ```json block in docs/alerts.md').not.toBeNull();
  return JSON.parse(block![1]!);
}

const kind = (value: unknown) => (value === null ? 'null' : typeof value);

it('the alert in docs/alerts.md is shaped as tix track -o ndjson prints one', async () => {
  clock.setClock(FIXED_NOW);
  const [event] = onSale(clock.sandbox(), 'TMUSA');
  const db = ['--db', freshDb()];
  const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()) });
  expect((await tix(['alert', 'add', event!.id, '--below', '100000', '--name', 'any', ...db])).code).toBe(0);
  const run = await tix(['track', event!.id, ...db, '-o', 'ndjson']);
  expect(run.code, run.stderr).toBe(0);
  const [real] = ndjsonAlerts(run.stdout);

  const documented = guideAlert();
  expect(Object.keys(documented)).toEqual(Object.keys(real!));
  expect(Object.fromEntries(Object.entries(documented).map(([k, v]) => [k, kind(v)]))).toEqual(
    Object.fromEntries(Object.entries(real!).map(([k, v]) => [k, kind(v)])),
  );
  const d = documented as Record<string, string | number>;
  expect(d.text).toBe(
    `New low for rule ${d.rule} "${d.rule_name}": ${d.event_name}, ${String(d.event_date).slice(0, 10)}: ${d.agent} section ${d.section} row ${d.row}, ${d.quantity} tickets at ${Number(d.price).toFixed(2)} (first notice): ${d.view}`,
  );
});
