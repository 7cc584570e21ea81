import type { AlertImport, AlertTables } from './store.js';
import type pg from 'pg';
import { agentEventKey, countingNow, evaluateAlerts, eventsWithRules, lowestMatching, type EventOfAgent } from './alert-evaluate.js';
import { latestOfEventAgents, latestOfEventAgentsQuery, tablesOf } from './analysis-sql.js';
import { planAlertImport } from './alert-transfer.js';
import { ALERT_COLUMNS, ALERT_RULE_COLUMNS, alertOfRow, alertWrites, newRuleValues, ruleOfRow } from './alert-rows.js';
import type { Alert, AlertDelivery, AlertEvaluation, AlertRule, NewAlertRule, SnapshotRecord, StoredLatest } from './store.js';

/**
 * The alert tables in PostgreSQL (docs/alerts.md). `s` is the quoted schema. Evaluation runs inside
 * record()'s transaction and locks the rules it reads (FOR UPDATE): a second run storing the same new low
 * waits, then reads the price the first notified, and fires nothing.
 */

const RULE_COLUMNS = ALERT_RULE_COLUMNS.map((c) => `r.${c}`).join(', ');
const time = (value: unknown) => (value === null || value === undefined ? null : String(value));

export async function evaluatePgAlerts(
  client: pg.Client,
  s: string,
  fresh: readonly SnapshotRecord[],
  options: AlertEvaluation,
): Promise<Alert[]> {
  if (fresh.length === 0) return [];
  const keys = JSON.stringify(fresh.map((f) => ({ agent: f.agent, agent_event_id: f.eventId })));
  const known = await client.query(
    `WITH k AS (SELECT DISTINCT agent, agent_event_id FROM json_to_recordset($1::json) AS k(agent text, agent_event_id text))
     SELECT ea.agent, ea.agent_event_id, ea.event_id, e.name, e.event_date
     FROM ${s}.event_agents ea JOIN k USING (agent, agent_event_id) LEFT JOIN ${s}.events e USING (event_id)`,
    [keys],
  );
  const eventOf = new Map<string, EventOfAgent>();
  for (const r of known.rows)
    eventOf.set(agentEventKey(r.agent, r.agent_event_id), { eventId: r.event_id, name: r.name, eventDate: r.event_date });
  // Locked in id order, as every run locks them: two runs wait for each other rather than deadlock.
  const locked = await client.query(
    `WITH k AS (SELECT DISTINCT agent, agent_event_id FROM json_to_recordset($1::json) AS k(agent text, agent_event_id text))
     SELECT ${RULE_COLUMNS} FROM ${s}.alert_rules r
     WHERE NOT r.paused AND (
       (r.agent_event_id IS NOT NULL AND (r.agent, r.agent_event_id) IN (SELECT agent, agent_event_id FROM k))
       OR (r.agent_event_id IS NULL AND r.event_id = ANY($2::text[])))
     ORDER BY r.id FOR UPDATE OF r`,
    [keys, [...new Set([...eventOf.values()].map((e) => e.eventId))]],
  );
  if (locked.rows.length === 0) return [];
  const rules = locked.rows.map((r) => ruleOfRow(r, time));
  const writes = alertWrites(
    evaluateAlerts(rules, fresh, eventOf, await latestStored(client, s, eventsWithRules(rules, eventOf))),
    options,
  );
  if (writes.rules.length > 0) {
    await client.query(
      `UPDATE ${s}.alert_rules r SET baseline_price = u.baseline_price,
         last_notified_price = coalesce(u.notified_price, r.last_notified_price),
         last_notified_at = CASE WHEN u.notified_price IS NULL THEN r.last_notified_at ELSE $2::timestamptz END
       FROM json_to_recordset($1::json) AS u(id bigint, notified_price double precision, baseline_price double precision)
       WHERE r.id = u.id`,
      [
        JSON.stringify(writes.rules.map((u) => ({ id: u.id, notified_price: u.notifiedPrice, baseline_price: u.baselinePrice }))),
        options.at,
      ],
    );
  }
  if (writes.alerts.length === 0) return [];
  const inserted = await client.query<{ id: string; rule_id: string }>(
    `INSERT INTO ${s}.alert_notifications (rule_id, fired_at, api_timestamp, agent, agent_event_id, event_id, event_name, event_date,
       listing_id, section, "row", quantity, price, previous_price)
     SELECT rule_id, fired_at, api_timestamp, agent, agent_event_id, event_id, event_name, event_date, listing_id, section, "row",
       quantity, price, previous_price
     FROM json_to_recordset($1::json) AS n(rule_id bigint, fired_at timestamptz, api_timestamp timestamptz, agent text,
       agent_event_id text, event_id text, event_name text, event_date timestamptz, listing_id text, section text, "row" text,
       quantity integer, price double precision, previous_price double precision)
     RETURNING id, rule_id`,
    [
      JSON.stringify(
        writes.alerts.map(({ alert: a }) => ({
          rule_id: a.ruleId,
          fired_at: a.firedAt,
          api_timestamp: a.apiTimestamp,
          agent: a.agent,
          agent_event_id: a.agentEventId,
          event_id: a.eventId,
          event_name: a.eventName,
          event_date: a.eventDate,
          listing_id: a.listingId,
          section: a.section,
          row: a.row,
          quantity: a.quantity,
          price: a.price,
          previous_price: a.previousPrice,
        })),
      ),
    ],
  );
  // A rule fires once per evaluation, so its id names its notification.
  const idOf = new Map(inserted.rows.map((r) => [Number(r.rule_id), Number(r.id)]));
  const alerts = writes.alerts.map((w) => ({ ...w, alert: { ...w.alert, id: idOf.get(w.alert.ruleId)! } }));
  const deliveries = alerts.flatMap((w) => w.channels.map((c) => ({ notification_id: w.alert.id, channel: c.channel, target: c.target })));
  if (deliveries.length > 0) {
    await client.query(
      `INSERT INTO ${s}.alert_deliveries (notification_id, channel, target, attempts)
       SELECT notification_id, channel, target, 0 FROM json_to_recordset($1::json) AS d(notification_id bigint, channel text, target text)`,
      [JSON.stringify(deliveries)],
    );
  }
  return alerts.map((w) => w.alert);
}

export async function addPgAlertRule(client: pg.Client, s: string, rule: NewAlertRule): Promise<AlertRule> {
  const result = await client.query(
    // The id: the identity's, unless a row was put in with an id of its own at or past it (by hand, or another
    // tool), which the identity does not know of: then the one after the largest, so the add never collides.
    `INSERT INTO ${s}.alert_rules AS r (id, name, target, event_id, agent, agent_event_id, below, drop_percent, min_quantity, section, until,
       notify_url, notify_exec, paused, created_at)
     VALUES ((SELECT greatest(nextval(pg_get_serial_sequence('${s}.alert_rules', 'id')), coalesce(max(id), 0) + 1) FROM ${s}.alert_rules),
       $1, $2, $3, $4, $5, $6, $7, $8, $9,
       coalesce($10::timestamptz, (SELECT e.event_date FROM ${s}.events e WHERE e.event_id = coalesce($3::text,
         (SELECT ea.event_id FROM ${s}.event_agents ea WHERE ea.agent = $4::text AND ea.agent_event_id = $5::text LIMIT 1)))),
       $11, $12, false, $13)
     RETURNING ${RULE_COLUMNS}`,
    [...newRuleValues(rule), rule.until, rule.notifyUrl, rule.notifyExec, rule.createdAt],
  );
  const added = ruleOfRow(result.rows[0], time);
  if (added.dropPercent === null) return added;
  // "Fell by --drop since the rule was added": from the lowest matching price stored now, when there is one; on a
  // whole event, in the agents' latest snapshots that count now, as ALL has them (src/market/floor.ts).
  if (added.agentEventId === null && added.eventId !== null) {
    const counted = countingNow(
      (await latestStored(client, s, [added.eventId])).filter((l) => added.agent === null || l.snapshot.agent === added.agent),
    );
    return withBaseline(
      client,
      s,
      added,
      lowestMatching(
        added,
        counted.flatMap((l) => l.listings),
      ),
    );
  }
  const latest = await client.query(
    `WITH k AS (
       SELECT $1::text AS agent, $2::text AS event_id WHERE $2::text IS NOT NULL
       UNION ALL
       SELECT ea.agent, ea.agent_event_id FROM ${s}.event_agents ea
       WHERE $2::text IS NULL AND ea.event_id = $3::text AND ($1::text IS NULL OR ea.agent = $1::text)),
     latest AS (SELECT n.agent, n.event_id, max(n.api_timestamp) AS at FROM ${s}.snapshots n JOIN k USING (agent, event_id) GROUP BY 1, 2)
     SELECT l.section, l.quantity, l.price FROM ${s}.listings l
     JOIN latest ON l.agent = latest.agent AND l.event_id = latest.event_id AND l.api_timestamp = latest.at`,
    [added.agent, added.agentEventId, added.eventId],
  );
  return withBaseline(client, s, added, lowestMatching(added, latest.rows));
}

async function withBaseline(client: pg.Client, s: string, added: AlertRule, baseline: number | null): Promise<AlertRule> {
  if (baseline === null) return added;
  await client.query(`UPDATE ${s}.alert_rules SET baseline_price = $2 WHERE id = $1`, [added.id, baseline]);
  return { ...added, baselinePrice: baseline };
}

/** Every agent's latest snapshot of these evt_ ids, with its listings and usual interval (alert evaluation). */
async function latestStored(client: pg.Client, s: string, eventIds: readonly string[]): Promise<StoredLatest[]> {
  if (eventIds.length === 0) return [];
  const { sql, params } = latestOfEventAgentsQuery(tablesOf(`${s}.`, true), eventIds);
  return latestOfEventAgents((await client.query(sql, params)).rows);
}

export async function pgAlertRules(client: pg.Client, s: string): Promise<AlertRule[]> {
  const result = await client.query(`SELECT ${RULE_COLUMNS} FROM ${s}.alert_rules r ORDER BY r.id`);
  return result.rows.map((r) => ruleOfRow(r, time));
}

export async function pausePgAlertRule(client: pg.Client, s: string, id: number, paused: boolean): Promise<boolean> {
  const result = await client.query(`UPDATE ${s}.alert_rules SET paused = $2 WHERE id = $1`, [id, paused]);
  return (result.rowCount ?? 0) > 0;
}

/** Inside a transaction: the rule, its notifications and their deliveries. */
export async function removePgAlertRule(client: pg.Client, s: string, id: number): Promise<boolean> {
  await client.query(
    `DELETE FROM ${s}.alert_deliveries WHERE notification_id IN (SELECT id FROM ${s}.alert_notifications WHERE rule_id = $1)`,
    [id],
  );
  await client.query(`DELETE FROM ${s}.alert_notifications WHERE rule_id = $1`, [id]);
  const result = await client.query(`DELETE FROM ${s}.alert_rules WHERE id = $1`, [id]);
  return (result.rowCount ?? 0) > 0;
}

/** One statement: two runs claiming at once each get their own deliveries (the second waits for the first's row locks, then skips what it claimed). */
export async function claimPgDeliveries(client: pg.Client, s: string, at: string, leaseSeconds: number): Promise<AlertDelivery[]> {
  const result = await client.query(
    `WITH c AS (
       UPDATE ${s}.alert_deliveries SET claimed_at = $1::timestamptz, attempts = attempts + 1
       WHERE delivered_at IS NULL AND (claimed_at IS NULL OR claimed_at < $1::timestamptz - make_interval(secs => $2))
       RETURNING notification_id, channel, target, attempts)
     SELECT c.channel, c.target AS delivery_target, c.attempts, n.*, r.name AS rule_name, r.target, r.notify_exec AS rule_exec
     FROM c JOIN ${s}.alert_notifications n ON n.id = c.notification_id JOIN ${s}.alert_rules r ON r.id = n.rule_id
     ORDER BY n.id, c.channel`,
    [at, leaseSeconds],
  );
  return result.rows.map((r) => ({
    channel: r.channel,
    target: r.delivery_target,
    attempts: r.attempts,
    alert: alertOfRow(r, time),
    ruleCommand: r.rule_exec ?? null,
  }));
}

export async function finishPgDelivery(client: pg.Client, s: string, delivery: AlertDelivery, at: string, error?: string): Promise<void> {
  await client.query(
    `UPDATE ${s}.alert_deliveries SET
       delivered_at = CASE WHEN $3::text IS NULL THEN $2::timestamptz END,
       claimed_at = CASE WHEN $3::text IS NULL THEN claimed_at END,
       last_error = $3::text
     WHERE notification_id = $1 AND channel = $4`,
    [delivery.alert.id, at, error ?? null, delivery.channel],
  );
}

/** Unclaimed and its attempt uncounted; only while this run's claim is still the one held (same attempt count). */
export async function releasePgDelivery(client: pg.Client, s: string, delivery: AlertDelivery): Promise<void> {
  await client.query(
    `UPDATE ${s}.alert_deliveries SET claimed_at = NULL, attempts = greatest(attempts - 1, 0)
     WHERE notification_id = $1 AND channel = $2 AND delivered_at IS NULL AND attempts = $3`,
    [delivery.alert.id, delivery.channel, delivery.attempts],
  );
}

/** Every row of the alert tables (history export). */
export async function pgAlertTables(client: pg.Client, s: string): Promise<AlertTables> {
  const rules = await pgAlertRules(client, s);
  const notifications = await client.query(
    `SELECT n.*, r.name AS rule_name, r.target FROM ${s}.alert_notifications n JOIN ${s}.alert_rules r ON r.id = n.rule_id ORDER BY n.id`,
  );
  const deliveries = await client.query(
    `SELECT notification_id, channel, target, attempts, last_error, delivered_at FROM ${s}.alert_deliveries ORDER BY 1, 2`,
  );
  return {
    rules,
    notifications: notifications.rows.map((r) => alertOfRow(r, time)),
    deliveries: deliveries.rows.map((r) => ({
      notificationId: Number(r.notification_id),
      channel: r.channel,
      target: r.target,
      attempts: Number(r.attempts),
      lastError: r.last_error ?? null,
      deliveredAt: time(r.delivered_at),
    })),
  };
}

/** Inside a transaction: what `source` holds that these tables do not (alert-transfer.ts says which ids), the identity sequences moved past them. */
export async function importPgAlertTables(client: pg.Client, s: string, source: AlertTables): Promise<AlertImport> {
  // No rule added or alert fired meanwhile by another machine: the ids planned stay free until commit.
  await client.query(`LOCK TABLE ${s}.alert_rules, ${s}.alert_notifications IN SHARE ROW EXCLUSIVE MODE`);
  const existing = await pgAlertTables(client, s);
  const sequences = await client.query<{ rules: string; notifications: string }>(
    `SELECT pg_get_serial_sequence($1, 'id') AS rules, pg_get_serial_sequence($2, 'id') AS notifications`,
    [`${s}.alert_rules`, `${s}.alert_notifications`],
  );
  const { rules: ruleSequence, notifications: notificationSequence } = sequences.rows[0]!;
  const lastOf = async (sequence: string) =>
    Number((await client.query(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM ${sequence}`)).rows[0].v);
  const plan = planAlertImport(source, {
    ...existing,
    lastRule: await lastOf(ruleSequence),
    lastNotification: await lastOf(notificationSequence),
  });
  if (plan.rules.length > 0) {
    await client.query(
      `INSERT INTO ${s}.alert_rules (${ALERT_RULE_COLUMNS.join(', ')})
       SELECT ${ALERT_RULE_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::${s}.alert_rules, $1::json)`,
      [
        JSON.stringify(
          plan.rules.map((r) => ({
            id: r.id,
            name: r.name,
            target: r.target,
            event_id: r.eventId,
            agent: r.agent,
            agent_event_id: r.agentEventId,
            below: r.below,
            drop_percent: r.dropPercent,
            min_quantity: r.minQuantity,
            section: r.section,
            until: r.until,
            notify_url: r.notifyUrl,
            notify_exec: r.notifyExec,
            paused: r.paused,
            created_at: r.createdAt,
            baseline_price: r.baselinePrice,
            last_notified_at: r.lastNotifiedAt,
            last_notified_price: r.lastNotifiedPrice,
          })),
        ),
      ],
    );
  }
  if (plan.notifications.length > 0) {
    const columns = ALERT_COLUMNS.map((c) => `"${c}"`).join(', ');
    await client.query(
      `INSERT INTO ${s}.alert_notifications (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${s}.alert_notifications, $1::json)`,
      [
        JSON.stringify(
          plan.notifications.map((n) => ({
            id: n.id,
            rule_id: n.ruleId,
            fired_at: n.firedAt,
            api_timestamp: n.apiTimestamp,
            event_id: n.eventId,
            event_name: n.eventName,
            event_date: n.eventDate,
            agent: n.agent,
            agent_event_id: n.agentEventId,
            listing_id: n.listingId,
            section: n.section,
            row: n.row,
            quantity: n.quantity,
            price: n.price,
            previous_price: n.previousPrice,
          })),
        ),
      ],
    );
  }
  if (plan.deliveries.length > 0) {
    // A claim belongs to a run on the source, not to the copy: the delivery is pending here, unclaimed.
    await client.query(
      `INSERT INTO ${s}.alert_deliveries (notification_id, channel, target, attempts, last_error, delivered_at)
       SELECT notification_id, channel, target, attempts, last_error, delivered_at
       FROM json_populate_recordset(NULL::${s}.alert_deliveries, $1::json)`,
      [
        JSON.stringify(
          plan.deliveries.map((d) => ({
            notification_id: d.notificationId,
            channel: d.channel,
            target: d.target,
            attempts: d.attempts,
            last_error: d.lastError,
            delivered_at: d.deliveredAt,
          })),
        ),
      ],
    );
  }
  // The identity sequences past every id now in the tables, so no later rule or alert takes one of them.
  if (plan.lastRule > 0) await client.query('SELECT setval($1::regclass, $2)', [ruleSequence, plan.lastRule]);
  if (plan.lastNotification > 0) await client.query('SELECT setval($1::regclass, $2)', [notificationSequence, plan.lastNotification]);
  return plan;
}
