import type { AlertImport, AlertTables } from './store.js';
import type { DuckDBAppender, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { agentEventKey, countingNow, evaluateAlerts, eventsWithRules, lowestMatching, type EventOfAgent } from './alert-evaluate.js';
import { readLatestOfEventAgents } from './duckdb-analysis.js';
import { ALERT_COLUMNS, ALERT_RULE_COLUMNS, alertOfRow, alertWrites, newRuleValues, ruleOfRow, type AlertWrites } from './alert-rows.js';
import { timestampTZValue } from './duckdb-driver.js';
import { micros } from './duckdb-rows.js';
import { planAlertImport } from './alert-transfer.js';
import type { Alert, AlertDelivery, AlertEvaluation, AlertRule, NewAlertRule, SnapshotRecord } from './store.js';
import { microsToIso } from './timestamps.js';

/**
 * The alert tables in a DuckDB file (docs/alerts.md). A file has one writer at a time, so evaluating
 * inside record()'s transaction is all it takes for a new low to be notified once.
 */

const TIMES = new Set(['until', 'created_at', 'last_notified_at', 'fired_at', 'api_timestamp', 'event_date']);
const select = (columns: readonly string[], table: string) =>
  columns.map((c) => (TIMES.has(c) ? `epoch_us(${table}.${c}) AS ${c}` : `${table}."${c}" AS "${c}"`)).join(', ');
const RULE_COLUMNS = select(ALERT_RULE_COLUMNS, 'r');
const time = (value: unknown) => (value === null || value === undefined ? null : microsToIso(value as bigint));
const at = (iso: string | null): DuckDBValue => (iso === null ? null : timestampTZValue(micros(iso)));

/** Inside record()'s transaction, after the fresh snapshots went in. */
export async function evaluateDuckDbAlerts(
  connection: DuckDBConnection,
  fresh: readonly SnapshotRecord[],
  options: AlertEvaluation,
): Promise<Alert[]> {
  if (fresh.length === 0) return [];
  const active = await connection.runAndReadAll(`SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE NOT r.paused ORDER BY r.id`);
  const rules = active.getRowObjectsJS().map((r) => ruleOfRow(r, time));
  if (rules.length === 0) return [];
  const eventOf = await eventsOf(connection, fresh);
  const stored = await readLatestOfEventAgents(connection, eventsWithRules(rules, eventOf));
  const writes = alertWrites(evaluateAlerts(rules, fresh, eventOf, stored), options);
  if (writes.rules.length > 0) await updateRules(connection, writes.rules, options.at);
  if (writes.alerts.length === 0) return [];
  // Ids from the counter, which never goes back (a removed rule's ids are not taken again), in this
  // transaction. Rows go in through appenders, not a statement each: a thousand rules firing at once (the
  // first run after adding them) cost ~2.7 ms each that way.
  const next = await connection.runAndReadAll('UPDATE alert_notification_ids SET last_id = last_id + ? RETURNING last_id', [
    writes.alerts.length,
  ]);
  let id = Number(next.getRowObjectsJS()[0]!.last_id) - writes.alerts.length;
  const alerts = writes.alerts.map((w) => ({ ...w, alert: { ...w.alert, id: ++id } }));
  const notifications = await connection.createAppender('alert_notifications');
  const deliveries = await connection.createAppender('alert_deliveries');
  try {
    for (const { alert: a, channels } of alerts) {
      notifications.appendBigInt(BigInt(a.id));
      notifications.appendBigInt(BigInt(a.ruleId));
      appendInstant(notifications, a.firedAt);
      appendInstant(notifications, a.apiTimestamp);
      notifications.appendVarchar(a.agent);
      notifications.appendVarchar(a.agentEventId);
      appendText(notifications, a.eventId);
      appendText(notifications, a.eventName);
      appendInstant(notifications, a.eventDate);
      notifications.appendVarchar(a.listingId);
      appendText(notifications, a.section);
      appendText(notifications, a.row);
      if (a.quantity !== null && Math.abs(a.quantity) < 2 ** 31) notifications.appendInteger(a.quantity);
      else notifications.appendNull();
      notifications.appendDouble(a.price);
      if (a.previousPrice !== null) notifications.appendDouble(a.previousPrice);
      else notifications.appendNull();
      notifications.endRow();
      for (const c of channels) {
        deliveries.appendBigInt(BigInt(a.id));
        deliveries.appendVarchar(c.channel);
        deliveries.appendVarchar(c.target);
        deliveries.appendInteger(0);
        for (let n = 0; n < 3; n++) deliveries.appendNull();
        deliveries.endRow();
      }
    }
    notifications.flushSync();
    deliveries.flushSync();
  } finally {
    notifications.closeSync();
    deliveries.closeSync();
  }
  return alerts.map((w) => w.alert);
}

/** The rules' new state, staged in a temporary table and set in one statement. */
async function updateRules(connection: DuckDBConnection, rules: AlertWrites['rules'], now: string): Promise<void> {
  await connection.run('CREATE OR REPLACE TEMP TABLE alert_updates (id BIGINT, notified DOUBLE, baseline DOUBLE)');
  const appender = await connection.createAppender('alert_updates', 'main', 'temp');
  try {
    for (const u of rules) {
      appender.appendBigInt(BigInt(u.id));
      if (u.notifiedPrice !== null) appender.appendDouble(u.notifiedPrice);
      else appender.appendNull();
      appender.appendDouble(u.baselinePrice);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  await connection.run(
    `UPDATE alert_rules SET baseline_price = u.baseline, last_notified_price = coalesce(u.notified, alert_rules.last_notified_price),
       last_notified_at = CASE WHEN u.notified IS NULL THEN alert_rules.last_notified_at ELSE ?::TIMESTAMPTZ END
     FROM temp.alert_updates u WHERE alert_rules.id = u.id`,
    [at(now)],
  );
  await connection.run('DROP TABLE temp.alert_updates');
}

function appendText(appender: DuckDBAppender, value: string | null): void {
  if (value === null) appender.appendNull();
  else appender.appendVarchar(value);
}

function appendInstant(appender: DuckDBAppender, iso: string | null): void {
  if (iso === null) appender.appendNull();
  else appender.appendTimestampTZ(timestampTZValue(micros(iso)));
}

/** The service's events of the snapshots' agent events (tables event_agents and events), through a temporary table of their keys. */
async function eventsOf(connection: DuckDBConnection, fresh: readonly SnapshotRecord[]): Promise<Map<string, EventOfAgent>> {
  await connection.run('CREATE OR REPLACE TEMP TABLE alert_keys (agent VARCHAR, agent_event_id VARCHAR)');
  const appender = await connection.createAppender('alert_keys', 'main', 'temp');
  try {
    for (const s of fresh) {
      appender.appendVarchar(s.agent);
      appender.appendVarchar(s.eventId);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT ea.agent, ea.agent_event_id, ea.event_id, e.name, epoch_us(e.event_date) AS event_date
     FROM event_agents ea JOIN temp.alert_keys k ON k.agent = ea.agent AND k.agent_event_id = ea.agent_event_id
     LEFT JOIN events e ON e.event_id = ea.event_id`,
  );
  await connection.run('DROP TABLE temp.alert_keys');
  const map = new Map<string, EventOfAgent>();
  for (const r of reader.getRowObjectsJS()) {
    map.set(agentEventKey(String(r.agent), String(r.agent_event_id)), {
      eventId: String(r.event_id),
      name: (r.name as string | null) ?? null,
      eventDate: time(r.event_date),
    });
  }
  return map;
}

export async function addDuckDbAlertRule(connection: DuckDBConnection, rule: NewAlertRule): Promise<AlertRule> {
  const reader = await connection.runAndReadAll(
    // The id: the sequence's, unless a row was put in with an id of its own at or past it (by hand, or another
    // tool), which the sequence does not know of: then the one after the largest, so the add never collides.
    `INSERT INTO alert_rules (id, name, target, event_id, agent, agent_event_id, below, drop_percent, min_quantity, section, until,
       notify_url, notify_exec, paused, created_at)
     VALUES ((SELECT greatest(nextval('alert_rule_ids'), coalesce(max(id), 0) + 1) FROM alert_rules), ?, ?, ?, ?, ?, ?, ?, ?, ?,
       coalesce(?::TIMESTAMPTZ, (SELECT e.event_date FROM events e WHERE e.event_id = coalesce(?::VARCHAR,
         (SELECT ea.event_id FROM event_agents ea WHERE ea.agent = ?::VARCHAR AND ea.agent_event_id = ?::VARCHAR LIMIT 1)))),
       ?, ?, false, ?)
     RETURNING id`,
    [
      ...newRuleValues(rule),
      at(rule.until),
      rule.eventId,
      rule.agent,
      rule.agentEventId,
      rule.notifyUrl,
      rule.notifyExec,
      at(rule.createdAt),
    ],
  );
  const id = Number(reader.getRowObjectsJS()[0]!.id);
  const added = (await readRules(connection, id))[0]!;
  if (added.dropPercent === null) return added;
  // "Fell by --drop since the rule was added": from the lowest matching price stored now, when there is one; on a
  // whole event, in the agents' latest snapshots that count now, as ALL has them (src/market/floor.ts).
  if (added.agentEventId === null && added.eventId !== null) {
    const counted = countingNow(
      (await readLatestOfEventAgents(connection, [added.eventId])).filter((s) => added.agent === null || s.snapshot.agent === added.agent),
    );
    return withBaseline(
      connection,
      added,
      lowestMatching(
        added,
        counted.flatMap((s) => s.listings),
      ),
    );
  }
  const latest = await connection.runAndReadAll(
    `WITH k AS (
       SELECT ?::VARCHAR AS agent, ?::VARCHAR AS event_id WHERE ?::VARCHAR IS NOT NULL
       UNION ALL
       SELECT ea.agent, ea.agent_event_id FROM event_agents ea
       WHERE ?::VARCHAR IS NULL AND ea.event_id = ?::VARCHAR AND (?::VARCHAR IS NULL OR ea.agent = ?::VARCHAR)),
     latest AS (SELECT n.agent, n.event_id, max(n.api_timestamp) AS at FROM snapshots n JOIN k USING (agent, event_id) GROUP BY ALL)
     SELECT l.section, l.quantity, l.price FROM listings l
     JOIN latest ON l.agent = latest.agent AND l.event_id = latest.event_id AND l.api_timestamp = latest.at`,
    [added.agent, added.agentEventId, added.agentEventId, added.agentEventId, added.eventId, added.agent, added.agent],
  );
  const baseline = lowestMatching(
    added,
    latest.getRowObjectsJS().map((r) => ({ section: String(r.section ?? ''), quantity: Number(r.quantity), price: Number(r.price) })),
  );
  return withBaseline(connection, added, baseline);
}

async function withBaseline(connection: DuckDBConnection, added: AlertRule, baseline: number | null): Promise<AlertRule> {
  if (baseline === null) return added;
  await connection.run('UPDATE alert_rules SET baseline_price = ? WHERE id = ?', [baseline, added.id]);
  return { ...added, baselinePrice: baseline };
}

export function duckDbAlertRules(connection: DuckDBConnection): Promise<AlertRule[]> {
  return readRules(connection);
}

async function readRules(connection: DuckDBConnection, id?: number): Promise<AlertRule[]> {
  const reader = await connection.runAndReadAll(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r ${id === undefined ? '' : 'WHERE r.id = ?'} ORDER BY r.id`,
    id === undefined ? [] : [id],
  );
  return reader.getRowObjectsJS().map((r) => ruleOfRow(r, time));
}

export async function pauseDuckDbAlertRule(connection: DuckDBConnection, id: number, paused: boolean): Promise<boolean> {
  const result = await connection.run('UPDATE alert_rules SET paused = ? WHERE id = ?', [paused, id]);
  return Number(result.rowsChanged) > 0;
}

export async function removeDuckDbAlertRule(connection: DuckDBConnection, id: number): Promise<boolean> {
  return inTransaction(connection, async () => {
    await connection.run('DELETE FROM alert_deliveries WHERE notification_id IN (SELECT id FROM alert_notifications WHERE rule_id = ?)', [
      id,
    ]);
    await connection.run('DELETE FROM alert_notifications WHERE rule_id = ?', [id]);
    const result = await connection.run('DELETE FROM alert_rules WHERE id = ?', [id]);
    return Number(result.rowsChanged) > 0;
  });
}

export async function claimDuckDbDeliveries(connection: DuckDBConnection, now: string, leaseSeconds: number): Promise<AlertDelivery[]> {
  const free = 'delivered_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?)';
  const expired = at(new Date(Date.parse(now) - leaseSeconds * 1000).toISOString());
  return inTransaction(connection, async () => {
    const reader = await connection.runAndReadAll(
      `SELECT d.channel, d.target AS delivery_target, d.attempts + 1 AS attempts, ${select(ALERT_COLUMNS, 'n')}, r.name AS rule_name, r.target, r.notify_exec AS rule_exec
       FROM alert_deliveries d JOIN alert_notifications n ON n.id = d.notification_id JOIN alert_rules r ON r.id = n.rule_id
       WHERE d.delivered_at IS NULL AND (d.claimed_at IS NULL OR d.claimed_at < ?)
       ORDER BY n.id, d.channel`,
      [expired],
    );
    await connection.run(`UPDATE alert_deliveries SET claimed_at = ?, attempts = attempts + 1 WHERE ${free}`, [at(now), expired]);
    return reader.getRowObjectsJS().map((r) => ({
      channel: r.channel as 'url' | 'exec',
      target: String(r.delivery_target),
      attempts: Number(r.attempts),
      alert: alertOfRow(r, time),
      ruleCommand: (r.rule_exec as string | null) ?? null,
    }));
  });
}

export async function finishDuckDbDelivery(
  connection: DuckDBConnection,
  delivery: AlertDelivery,
  now: string,
  error?: string,
): Promise<void> {
  await connection.run(
    `UPDATE alert_deliveries SET delivered_at = ?::TIMESTAMPTZ, claimed_at = CASE WHEN ?::BOOLEAN THEN claimed_at END, last_error = ?::VARCHAR
     WHERE notification_id = ? AND channel = ?`,
    [error === undefined ? at(now) : null, error === undefined, error ?? null, delivery.alert.id, delivery.channel],
  );
}

/** Unclaimed and its attempt uncounted; only while this run's claim is still the one held. */
export async function releaseDuckDbDelivery(connection: DuckDBConnection, delivery: AlertDelivery): Promise<void> {
  await connection.run(
    `UPDATE alert_deliveries SET claimed_at = NULL, attempts = greatest(attempts - 1, 0)
     WHERE notification_id = ? AND channel = ? AND delivered_at IS NULL AND attempts = ?`,
    [delivery.alert.id, delivery.channel, delivery.attempts],
  );
}

async function inTransaction<T>(connection: DuckDBConnection, body: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await body();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Every row of the alert tables (history export); a file older than the alert tables has none. */
export async function duckDbAlertTables(connection: DuckDBConnection): Promise<AlertTables> {
  const rules = await readRules(connection);
  const notifications = await connection.runAndReadAll(
    `SELECT ${select(ALERT_COLUMNS, 'n')}, r.name AS rule_name, r.target
     FROM alert_notifications n JOIN alert_rules r ON r.id = n.rule_id ORDER BY n.id`,
  );
  const deliveries = await connection.runAndReadAll(
    'SELECT notification_id, channel, target, attempts, last_error, epoch_us(delivered_at) AS delivered_at FROM alert_deliveries ORDER BY 1, 2',
  );
  return {
    rules,
    notifications: notifications.getRowObjectsJS().map((r) => alertOfRow(r, time)),
    deliveries: deliveries.getRowObjectsJS().map((r) => ({
      notificationId: Number(r.notification_id),
      channel: r.channel as 'url' | 'exec',
      target: String(r.target),
      attempts: Number(r.attempts),
      lastError: (r.last_error as string | null) ?? null,
      deliveredAt: time(r.delivered_at),
    })),
  };
}

/** What `source` holds that this file does not, in one transaction (alert-transfer.ts says which ids). */
export async function importDuckDbAlertTables(connection: DuckDBConnection, source: AlertTables): Promise<AlertImport> {
  return inTransaction(connection, async () => {
    const existing = await duckDbAlertTables(connection);
    // A sequence is read by taking its next value (DuckDB has no currval before that): that id is this
    // import's to use, so the ids issued before it are those below it.
    const taken = Number((await connection.runAndReadAll("SELECT nextval('alert_rule_ids') AS v")).getRowObjectsJS()[0]!.v);
    const counter = await connection.runAndReadAll('SELECT last_id FROM alert_notification_ids');
    const plan = planAlertImport(source, {
      ...existing,
      lastRule: taken - 1,
      lastNotification: Number(counter.getRowObjectsJS()[0]!.last_id),
    });
    for (const r of plan.rules) {
      await connection.run(
        `INSERT INTO alert_rules (id, name, target, event_id, agent, agent_event_id, below, drop_percent, min_quantity, section, until,
           notify_url, notify_exec, paused, created_at, baseline_price, last_notified_at, last_notified_price)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::TIMESTAMPTZ, ?, ?, ?, ?::TIMESTAMPTZ, ?, ?::TIMESTAMPTZ, ?)`,
        [
          r.id,
          ...newRuleValues(r),
          at(r.until),
          r.notifyUrl,
          r.notifyExec,
          r.paused,
          at(r.createdAt),
          r.baselinePrice,
          at(r.lastNotifiedAt),
          r.lastNotifiedPrice,
        ],
      );
    }
    for (const n of plan.notifications) {
      await connection.run(
        `INSERT INTO alert_notifications (id, rule_id, fired_at, api_timestamp, agent, agent_event_id, event_id, event_name, event_date,
           listing_id, section, "row", quantity, price, previous_price)
         VALUES (?, ?, ?::TIMESTAMPTZ, ?::TIMESTAMPTZ, ?, ?, ?, ?, ?::TIMESTAMPTZ, ?, ?, ?, ?, ?, ?)`,
        [
          n.id,
          n.ruleId,
          at(n.firedAt),
          at(n.apiTimestamp),
          n.agent,
          n.agentEventId,
          n.eventId,
          n.eventName,
          at(n.eventDate),
          n.listingId,
          n.section,
          n.row,
          n.quantity,
          n.price,
          n.previousPrice,
        ],
      );
    }
    for (const d of plan.deliveries) {
      // A claim belongs to a run on the source, not to the copy: the delivery is pending here, unclaimed.
      await connection.run('INSERT INTO alert_deliveries VALUES (?, ?, ?, ?, ?, NULL, ?::TIMESTAMPTZ)', [
        d.notificationId,
        d.channel,
        d.target,
        d.attempts,
        d.lastError,
        at(d.deliveredAt),
      ]);
    }
    // The counters past every id now in the file, so no later alert takes one of them.
    if (plan.lastRule > taken)
      await connection.run(`SELECT max(nextval('alert_rule_ids')) FROM range(${Math.trunc(plan.lastRule - taken)})`);
    await connection.run('UPDATE alert_notification_ids SET last_id = greatest(last_id, ?)', [plan.lastNotification]);
    return plan;
  });
}
