/**
 * A small load generator: `total` GETs over `connections` keep-alive connections, a mix of every endpoint,
 * each body read to the end and parsed. It records what a load test reports: failures, throughput and
 * latency percentiles.
 */
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Pool } from 'undici';

export interface LoadReport {
  total: number;
  /** Responses that were not 200 with a JSON body, and requests that failed outright (first few kept). */
  failures: number;
  failureSamples: string[];
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  maxMs: number;
}

export interface LoadOptions {
  url: string;
  key: string;
  total: number;
  connections: number;
  /** The request target for request number i. */
  target: (i: number) => string;
  /** Called after each completed request (for sampling memory). */
  onProgress?: (done: number) => void;
}

export async function generateLoad(options: LoadOptions): Promise<LoadReport> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  const failureSamples: string[] = [];
  let failures = 0;
  let next = 0;
  let done = 0;
  const started = performance.now();

  const worker = async (): Promise<void> => {
    while (next < options.total) {
      const i = next++;
      const path = options.target(i);
      const t0 = performance.now();
      try {
        // gzip, as tix asks for it: the server's compression path is part of what is loaded.
        const response = await pool.request({ path, method: 'GET', headers: { 'x-api-key': options.key, 'accept-encoding': 'gzip' } });
        const raw = Buffer.from(await response.body.arrayBuffer());
        const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        JSON.parse(text);
        if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
      } catch (error) {
        failures++;
        if (failureSamples.length < 5) failureSamples.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      latencies.push(performance.now() - t0);
      options.onProgress?.(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    await pool.close();
  }

  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    total: options.total,
    failures,
    failureSamples,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(options.total / seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    maxMs: Math.round(latencies[latencies.length - 1]! * 10) / 10,
  };
}
