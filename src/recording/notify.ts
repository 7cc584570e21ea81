import { spawn } from 'node:child_process';
import { decideRetry, classifyNetworkError, RETRYABLE_STATUSES, sleep } from '../api/retry.js';
import { messageOf } from '../shared/message-of.js';
import { http, loadHttps } from '../shared/node-http.js';
import { maskSecrets, treatAsSecret, urlWithoutSecrets } from '../shared/secrets.js';
import type { Alert, AlertDelivery, AlertEvaluation, HistoryStore } from '../store/store.js';
import { alertJson } from './alert-json.js';
import type { Runtime } from './runtime.js';

/**
 * Delivering alerts (README "Alerts"): a line on stderr for each, and through each rule's channels, a
 * webhook (--notify-url) and a command (--notify-exec). A delivery that fails stays pending in the store
 * and the next run that stores a snapshot tries it again; it never fails the tracking (unless
 * --strict-notify): the snapshots are stored whatever a webhook does.
 */

/** How long a run holds the deliveries it claimed: past that, another run takes them (this one died). */
export const DELIVERY_LEASE_SECONDS = 600;
/** A --notify-exec command that runs longer is stopped and counts as failed. */
const EXEC_TIMEOUT_MS = 60_000;

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
  for (const alert of alerts) rt.io.stderr.write(`tix: alert: ${alertJson(alert).text}\n`);
}

/**
 * Sends the claimed deliveries, then records each outcome in a store opened again for it (a DuckDB file is
 * not held while a webhook answers). Returns how many failed, each told in one warning.
 */
export async function deliverClaimed(rt: Runtime, claimed: readonly AlertDelivery[], reopen: () => Promise<HistoryStore>): Promise<number> {
  if (claimed.length === 0) return 0;
  const outcomes: { delivery: AlertDelivery; error: string | undefined }[] = [];
  for (const delivery of claimed) outcomes.push({ delivery, error: await deliver(rt, delivery.channel, delivery.target, delivery.alert) });
  try {
    const store = await reopen();
    try {
      for (const { delivery, error } of outcomes) await store.finishDelivery(delivery, rt.io.now().toISOString(), error);
    } finally {
      await store.close();
    }
  } catch (error) {
    if (rt.signal.aborted) throw error;
    // The alerts went out (or not) all the same; unmarked, they are sent again once this run's claim runs out.
    rt.warn(
      `could not record how ${outcomes.length} alert deliveries went: ${messageOf(error)}; they will be tried again in ${DELIVERY_LEASE_SECONDS / 60} minutes`,
    );
  }
  const failed = outcomes.filter((o) => o.error !== undefined);
  for (const { delivery, error } of failed) {
    rt.warn(
      `alert ${delivery.alert.id} (rule ${delivery.alert.ruleId}) not delivered to ${channelName(delivery.channel, delivery.target)}: ${error}; it stays pending and the next run tries again (attempt ${delivery.attempts})`,
    );
  }
  return failed.length;
}

/** `--notify-url https://hooks.example/***` or `--notify-exec`: never the URL's secrets, nor a command that may hold one. */
export function channelName(channel: 'url' | 'exec', target: string): string {
  return channel === 'url' ? `--notify-url ${urlWithoutSecrets(target)}` : 'the --notify-exec command';
}

/** One alert through one channel: undefined when it was delivered, else why not. */
export async function deliver(rt: Runtime, channel: 'url' | 'exec', target: string, alert: Alert): Promise<string | undefined> {
  const body = `${JSON.stringify(alertJson(alert))}\n`;
  try {
    if (channel === 'url') await post(rt, target, body);
    else await runCommand(rt, target, body, alert);
    rt.trace(`alert ${alert.id}: delivered to ${channelName(channel, target)}`);
    return undefined;
  } catch (error) {
    if (rt.signal.aborted) throw error;
    return maskSecrets(messageOf(error));
  }
}

/** POSTs the alert, retrying what the API client retries (a network failure, 429, 502-504) with its backoff. */
async function post(rt: Runtime, target: string, body: string): Promise<void> {
  treatAsSecret(target);
  const url = new URL(target);
  for (let attempt = 1; ; attempt++) {
    let failure: string;
    try {
      const status = await postOnce(url, body, rt.settings.values.timeout * 1000, rt.signal);
      if (status >= 200 && status < 300) return;
      failure = `HTTP ${status}`;
      if (!RETRYABLE_STATUSES.has(status)) throw new Error(failure);
    } catch (error) {
      if (rt.signal.aborted) throw error;
      const network = classifyNetworkError(error);
      if (!network) throw error;
      if (!network.retryable) throw new Error(network.description);
      failure = network.description;
    }
    const decision = decideRetry(attempt, rt.settings.values.retries, undefined, Math.random);
    if (!decision.retry) throw new Error(`${failure} (after ${attempt} attempts)`);
    rt.trace(`alert webhook: ${failure}; trying again in ${decision.waitMs} ms`);
    await sleep(decision.waitMs, rt.signal);
  }
}

function postOnce(url: URL, body: string, timeoutMs: number, signal: AbortSignal): Promise<number> {
  const transport = url.protocol === 'https:' ? loadHttps() : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'tix alerts' },
        timeout: timeoutMs,
        signal,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Runs the command with `sh -c`, the alert as JSON on stdin and in TIX_ALERT_* variables: no data of the
 * alert is put into the command line, so a section named `$(rm -rf ~)` is only text. Its output goes to
 * stderr (stdout is tix's data).
 */
function runCommand(rt: Runtime, command: string, body: string, alert: Alert): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      env: {
        ...rt.io.env,
        TIX_ALERT_ID: String(alert.id),
        TIX_ALERT_RULE: String(alert.ruleId),
        TIX_ALERT_PRICE: String(alert.price),
        TIX_ALERT_TEXT: alertJson(alert).text,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: rt.signal,
      timeout: EXEC_TIMEOUT_MS,
    });
    child.stdout.on('data', (chunk: Buffer) => rt.io.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => rt.io.stderr.write(chunk));
    // A command that does not read its stdin closes it: not a failure of the delivery.
    child.stdin.on('error', () => undefined);
    child.stdin.end(body);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(signal ? `the command was stopped by ${signal}` : `the command exited with ${code}`));
    });
  });
}
