import { spawn } from 'node:child_process';
import { decideRetry, classifyNetworkError, RETRYABLE_STATUSES, sleep } from '../api/retry.js';
import { messageOf } from '../shared/message-of.js';
import { http, loadHttps } from '../shared/node-http.js';
import { maskSecrets, treatAsSecret, urlWithoutSecrets } from '../shared/secrets.js';
import { printable } from '../shared/printable.js';
import { isCommandApproved } from '../config/approved-commands.js';
import type { Alert, AlertDelivery, AlertEvaluation, HistoryStore } from '../store/store.js';
import { alertJson } from './alert-json.js';
import type { Runtime } from './runtime.js';

/**
 * Delivering alerts (docs/alerts.md): a line on stderr for each, and through each rule's channels, a
 * webhook (--notify-url) and a command (--notify-exec). A delivery that fails stays pending in the store
 * and the next run that stores a snapshot tries it again; it never fails the tracking (unless
 * --strict-notify): the snapshots are stored whatever a webhook does.
 */

/** How long a run holds the deliveries it claimed: past that, another run takes them (this one died). */
export const DELIVERY_LEASE_SECONDS = 600;
/**
 * The most a single delivery outside a run's (`tix alert test`) may take, channels and retries together: the
 * notify-deadline setting's default and its most, half the lease, so a run never sends what another may
 * have taken over.
 */
export const DELIVERY_DEADLINE_MS = 300_000;
/** After a command's shell exits, how long its output may still take to arrive before tix stops reading. */
const EXEC_OUTPUT_GRACE_MS = 1_000;
/** How long recording the outcomes may take when the run is stopping (the store is opened for it again). */
const RECORD_TIMEOUT_MS = 30_000;

/** What record() needs to evaluate the rules: the run's clock and the notify settings. */
export function alertEvaluation(rt: Runtime): AlertEvaluation {
  const url = rt.settings.values['notify-url'];
  const exec = rt.settings.values['notify-exec'];
  return {
    at: rt.io.now().toISOString(),
    ...(url !== undefined ? { notifyUrl: url } : {}),
    ...(exec !== undefined ? { notifyExec: exec } : {}),
  };
}

/** The default channel: one line on stderr per alert, even with --quiet (it is what the run was for). */
export function announceAlerts(rt: Runtime, alerts: readonly Alert[]): void {
  // The text holds what the API and the store sent (an event name, a section): control characters are shown escaped, never sent to the terminal.
  for (const alert of alerts) rt.io.stderr.write(`tix: alert: ${printable(alertJson(alert).text, Number.POSITIVE_INFINITY)}\n`);
}

interface Outcome {
  delivery: AlertDelivery;
  error: string | undefined;
}

/**
 * Sends the claimed deliveries within the notify-deadline setting (5 minutes), then records each outcome in a store opened
 * again for it (a DuckDB file is not held while a webhook answers). A command taken from the history that
 * this machine has not approved is not run: its delivery is given back, pending, with one line saying so.
 * Deliveries past the deadline are given back too, and so are those not reached when Ctrl-C or SIGTERM
 * stops the run, after the ones made are recorded. Returns how many failed or were left for later, each
 * failure told in one warning.
 */
export async function deliverClaimed(
  rt: Runtime,
  claimed: readonly AlertDelivery[],
  reopen: (signal: AbortSignal) => Promise<HistoryStore>,
): Promise<number> {
  if (claimed.length === 0) return 0;
  const refused = claimed.filter((d) => d.channel === 'exec' && !commandConsented(rt, d.target));
  const toSend = claimed.filter((d) => !refused.includes(d));
  const outcomes: Outcome[] = [];
  let recorded: Promise<void> | undefined;
  const record = () => {
    recorded ??= recordOutcomes(rt, outcomes, claimed, reopen);
    return recorded;
  };
  const withdraw = rt.whenStopped(record);
  // Read before any delivery: a bad value stored in the profile fails the run (exit 2), and the deliveries stay pending.
  const budgetSeconds = rt.settings.values['notify-deadline'];
  const deadline = Date.now() + budgetSeconds * 1_000;
  try {
    for (const delivery of toSend) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      outcomes.push({ delivery, error: await deliver(rt, delivery.channel, delivery.target, delivery.alert, left, 'notify-deadline') });
    }
  } catch (error) {
    if (!rt.signal.aborted) throw error;
  } finally {
    await record();
    withdraw();
  }
  if (rt.signal.aborted) throw rt.signal.reason;
  // A rule's own command: this machine could approve it, so say so. Another machine's notify-exec setting:
  // that machine sends it; nothing for this one to do.
  const ofRules = refused.filter((d) => d.ruleCommand === d.target);
  if (ofRules.length > 0) warnNotApproved(rt, ofRules);
  if (refused.length > ofRules.length)
    rt.trace(`${refused.length - ofRules.length} alert deliveries to another machine's notify-exec setting left pending for it`);
  const late = toSend.length - outcomes.length;
  if (late > 0)
    rt.warn(
      `${late} alert ${late === 1 ? 'delivery' : 'deliveries'} left pending for the next run: this run's ${formatSeconds(budgetSeconds)} for delivering (notify-deadline) were up`,
    );
  const failed = outcomes.filter((o) => o.error !== undefined);
  for (const { delivery, error } of failed) {
    rt.warn(
      `alert ${delivery.alert.id} (rule ${delivery.alert.ruleId}) not delivered to ${channelName(delivery.channel, delivery.target)}: ${error}; it stays pending and the next run tries again (attempt ${delivery.attempts})`,
    );
  }
  return failed.length + late;
}

/** Each outcome in the store; every claimed delivery without one (refused, late, interrupted) given back. */
async function recordOutcomes(
  rt: Runtime,
  outcomes: readonly Outcome[],
  claimed: readonly AlertDelivery[],
  reopen: (signal: AbortSignal) => Promise<HistoryStore>,
): Promise<void> {
  const done = new Set(outcomes.map((o) => o.delivery));
  const untried = claimed.filter((d) => !done.has(d));
  try {
    // Not the run's signal: this must happen when the run is being stopped, and is bounded by its own deadline.
    const store = await reopen(AbortSignal.timeout(RECORD_TIMEOUT_MS));
    try {
      for (const { delivery, error } of outcomes) await store.finishDelivery(delivery, rt.io.now().toISOString(), error);
      for (const delivery of untried) await store.releaseDelivery(delivery);
    } finally {
      await store.close();
    }
  } catch (error) {
    // The alerts went out (or not) all the same; unmarked, they are sent again once this run's claim runs out.
    rt.warn(
      `could not record how ${claimed.length} alert ${claimed.length === 1 ? 'delivery' : 'deliveries'} went: ${messageOf(error)}; they will be tried again in ${DELIVERY_LEASE_SECONDS / 60} minutes`,
    );
  }
}

/** The local notify-exec setting is this machine's own; anything else from the history needs this machine's approval. */
export function commandConsented(rt: Runtime, command: string): boolean {
  return command === rt.settings.values['notify-exec'] || isCommandApproved(rt.io.env, command);
}

/** One line for all the commands this machine did not run. */
function warnNotApproved(rt: Runtime, refused: readonly AlertDelivery[]): void {
  const rules = [...new Set(refused.map((d) => d.alert.ruleId))].sort((a, b) => a - b);
  const which = rules.length === 1 ? `rule ${rules[0]}` : `rules ${rules.join(', ')}`;
  rt.warn(
    `the --notify-exec command of ${which} comes from the history and is not approved on this machine: not run, left pending (see it with 'tix alert list'; run it from now on with 'tix alert approve ${rules[0]}')`,
  );
}

/** `--notify-url https://hooks.example/***` or `--notify-exec`: never the URL's secrets, nor a command that may hold one. */
export function channelName(channel: 'url' | 'exec', target: string): string {
  return channel === 'url' ? `--notify-url ${urlWithoutSecrets(target)}` : 'the --notify-exec command';
}

/** `5 minutes`, `90 seconds`, `1 second`. */
function formatSeconds(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * One alert through one channel: undefined when it was delivered, else why not. `budgetMs` bounds it all;
 * `budget` names that bound in a message when it, not --timeout or notify-exec-timeout, cut the delivery.
 */
export async function deliver(
  rt: Runtime,
  channel: 'url' | 'exec',
  target: string,
  alert: Alert,
  budgetMs = DELIVERY_DEADLINE_MS,
  budget = 'the 5 minutes a delivery may take',
): Promise<string | undefined> {
  const body = `${JSON.stringify(alertJson(alert))}\n`;
  const deadline = Date.now() + budgetMs;
  // A command that runs longer than the notify-exec-timeout setting is stopped (its whole process group) and
  // counts as failed. Read before trying: a bad value stored in the profile fails the run (exit 2), not the delivery.
  const settingMs = channel === 'exec' ? rt.settings.values['notify-exec-timeout'] * 1_000 : 0;
  try {
    if (channel === 'url') await post(rt, target, body, deadline, budget);
    else
      await runAlertCommand(
        rt,
        target,
        body,
        alert,
        Math.min(settingMs, budgetMs),
        ` (${settingMs <= budgetMs ? 'notify-exec-timeout' : budget})`,
      );
    rt.trace(`alert ${alert.id}: delivered to ${channelName(channel, target)}`);
    return undefined;
  } catch (error) {
    if (rt.signal.aborted) throw error;
    return maskSecrets(messageOf(error));
  }
}

/**
 * POSTs the alert, retrying what the API client retries (a network failure, 429, 502-504) with its backoff.
 * Each attempt, headers and body together, is cut at --timeout, and no attempt or wait goes past `deadline`
 * (`budget` says what set it).
 */
async function post(rt: Runtime, target: string, body: string, deadline: number, budget: string): Promise<void> {
  treatAsSecret(target);
  const url = new URL(target);
  const timeoutMs = rt.settings.values.timeout * 1000;
  for (let attempt = 1; ; attempt++) {
    let failure: string;
    try {
      const left = deadline - Date.now();
      const cut = left < timeoutMs ? { ms: Math.max(1, left), why: budget } : { ms: timeoutMs, why: '--timeout' };
      const status = await postOnce(url, body, cut, rt.signal);
      if (status >= 200 && status < 300) return;
      failure = `HTTP ${status}`;
      if (!RETRYABLE_STATUSES.has(status)) throw new Error(failure);
    } catch (error) {
      if (rt.signal.aborted) throw error;
      const network = error instanceof WebhookTimeout ? { retryable: true, description: error.message } : classifyNetworkError(error);
      if (!network) throw error;
      if (!network.retryable) throw new Error(network.description);
      failure = network.description;
    }
    const decision = decideRetry(attempt, rt.settings.values.retries, undefined, Math.random);
    const attempts = `after ${attempt} ${attempt === 1 ? 'attempt' : 'attempts'}`;
    if (!decision.retry) throw new Error(`${failure} (${attempts})`);
    if (Date.now() + decision.waitMs >= deadline) throw new Error(`${failure} (${attempts}; no time left in this run)`);
    rt.trace(`alert webhook: ${failure}; trying again in ${decision.waitMs} ms`);
    await sleep(decision.waitMs, rt.signal);
  }
}

/** The whole exchange (connecting, sending, the answer's headers and body) took longer than allowed (`why`). */
class WebhookTimeout extends Error {
  constructor(ms: number, why: string) {
    super(`no complete answer within ${ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`} (${why})`);
    this.name = 'WebhookTimeout';
  }
}

/** One POST; the timer covers the whole exchange, so a server that sends headers and then trickles its body is cut too. */
function postOnce(url: URL, body: string, cut: { ms: number; why: string }, signal: AbortSignal): Promise<number> {
  const transport = url.protocol === 'https:' ? loadHttps() : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | undefined, status = 0) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(status);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'tix alerts' },
        signal,
      },
      (response) => {
        response.resume();
        response.on('end', () => settle(undefined, response.statusCode ?? 0));
        response.on('error', (error) => settle(error));
        response.on('aborted', () => settle(Object.assign(new Error('the connection was closed mid-answer'), { code: 'ECONNRESET' })));
      },
    );
    const timer = setTimeout(() => {
      const error = new WebhookTimeout(cut.ms, cut.why);
      settle(error);
      request.destroy(error);
    }, cut.ms);
    request.on('error', (error) => settle(error));
    request.end(body);
  });
}

/**
 * Runs the command with `sh -c`, the alert as JSON on stdin and in TIX_ALERT_* variables: no data of the
 * alert is put into the command line, so a section named `$(rm -rf ~)` is only text. Its output goes to
 * stderr (stdout is tix's data). It runs in a process group of its own: at `limitMs` (`why` names the limit
 * in the message when it is the setting's), on Ctrl-C, and when its shell exits, the whole group is ended,
 * so a child it started (`sleep 300`, `sleep 30 &`) neither outlives the delivery nor keeps tix waiting on
 * a pipe it holds.
 */
function runAlertCommand(rt: Runtime, command: string, body: string, alert: Alert, limitMs: number, why: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      env: commandEnvironment(rt, alert),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let settled = false;
    let outcome: Error | undefined;
    let grace: NodeJS.Timeout | undefined;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: the group is gone already.
      }
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      clearTimeout(grace);
      rt.signal.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (rt.signal.aborted) reject(rt.signal.reason);
      else if (outcome) reject(outcome);
      else resolve();
    };
    let exited = false;
    const limit = setTimeout(() => {
      if (exited) return;
      const seconds = Math.round(limitMs / 1000);
      outcome = new Error(`the command was stopped after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}${why}`);
      killGroup();
    }, limitMs);
    const onAbort = () => {
      killGroup();
      finish();
    };
    rt.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => rt.io.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => rt.io.stderr.write(chunk));
    // A command that does not read its stdin closes it: not a failure of the delivery.
    child.stdin.on('error', () => undefined);
    child.stdin.end(body);
    child.on('error', (error) => {
      outcome = error;
      finish();
    });
    child.on('exit', (code, signal) => {
      exited = true;
      if (!outcome && code !== 0) outcome = new Error(signal ? `the command was stopped by ${signal}` : `the command exited with ${code}`);
      // What the shell left running in its group goes with it; then its output is read to the end, but not
      // for long: a process that left the group could hold the pipes open for ever.
      killGroup();
      grace = setTimeout(finish, EXEC_OUTPUT_GRACE_MS);
    });
    child.on('close', finish);
  });
}

/**
 * The command's environment: tix's own, without what could hand over tix's or the database's secrets
 * (TIX_* such as TIX_API_KEY and TIX_DB, PG* such as PGPASSWORD, DATABASE_URL, a proxy variable with a user or
 * password in it, and any variable holding the API key, the store's or sql-db's URL, or a password of one of
 * those URLs or of a proxy's, even bare), except the names the notify-exec-env setting lets through.
 */
function commandEnvironment(rt: Runtime, alert: Alert): NodeJS.ProcessEnv {
  const allowed = new Set((rt.settings.values['notify-exec-env'] ?? '').split(',').filter(Boolean));
  const urls = [rt.settings.values.db, rt.settings.values['sql-db']].filter((v): v is string => v !== undefined);
  const proxies = Object.entries(rt.io.env).filter(
    ([name, value]) => PROXY_VARIABLE.test(name) && value !== undefined && hasUserInfo(value),
  );
  const passwords = [...urls, ...proxies.map(([, value]) => value!)].flatMap(passwordsOf);
  const secrets = [rt.settings.apiKey, ...urls, ...passwords].filter((v): v is string => v !== undefined && v !== '');
  // A long secret is found inside a value; a short one only as the whole value (`pw` is in many words).
  const holdsSecret = (value: string) => secrets.some((secret) => (secret.length >= 8 ? value.includes(secret) : value === secret));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(rt.io.env)) {
    if (value === undefined) continue;
    const withheld =
      /^(TIX_|PG)/i.test(name) || name === 'DATABASE_URL' || (PROXY_VARIABLE.test(name) && hasUserInfo(value)) || holdsSecret(value);
    if (!withheld || allowed.has(name)) env[name] = value;
  }
  return {
    ...env,
    TIX_ALERT_ID: String(alert.id),
    TIX_ALERT_RULE: String(alert.ruleId),
    TIX_ALERT_PRICE: String(alert.price),
    TIX_ALERT_TEXT: alertJson(alert).text,
  };
}

/** The proxy variables curl and tix read (docs/exit-codes.md, "Through a proxy"). */
const PROXY_VARIABLE = /^(https?|all|ftp)_proxy$/i;

/** Whether a URL carries a user name or password (`http://user:pass@proxy:3128`). */
function hasUserInfo(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value.trim()) || /^[^/?#:]*:[^/?#]*@/.test(value.trim());
}

/** The password of a URL's user part, as typed and decoded, and of a password= query parameter; none if it has none. */
function passwordsOf(value: string): string[] {
  const found: string[] = [];
  const typed = /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^:/?#@]*:([^/?#]*)@/i.exec(value.trim())?.[1];
  if (typed) found.push(typed, safeDecode(typed));
  for (const [, password] of value.matchAll(/[?&](?:password|sslpassword)=([^&#]*)/gi))
    if (password) found.push(password, safeDecode(password));
  return found;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
