/**
 * `tix watch --db` evaluates the alert rules as `tix track` does: each poll it stores can fire them, and
 * their alerts go to stderr and to the rules' channels.
 */
import { expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { freshDb, onSale, sql, tixAt, useClockedSandbox } from '../history/support.js';
import { alertLines } from './support.js';

const clock = useClockedSandbox();

it('tix watch --db fires a rule on the poll it stores, once', async () => {
  clock.setClock(FIXED_NOW);
  const [event] = onSale(clock.sandbox(), 'TMUSA');
  const db = freshDb();
  const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()) });
  expect((await tix(['alert', 'add', `TMUSA:${event!.agentId}`, '--db', db])).code).toBe(0);

  const watch = await tix(['watch', 'TMUSA', event!.agentId, '--count', '2', '--interval', '1s', '--db', db]);
  expect(watch.code, watch.stderr).toBe(0);
  // Two polls at one sandbox clock: one snapshot stored, one alert.
  const lines = alertLines(watch.stderr);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^tix: alert: New low for rule 1: .*TMUSA section .* \(first notice\): tix (events view|inventory) /);
  const notifications = await sql(db, 'SELECT rule_id::INTEGER AS rule, agent, agent_event_id FROM alert_notifications');
  expect(notifications).toEqual([{ rule: 1, agent: 'TMUSA', agent_event_id: event!.agentId }]);
});
