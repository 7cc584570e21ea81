import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiGet } from '../../../helpers/api.js';
import { runTix } from '../../../helpers/tix.js';
import { CONFIG_FILE_CASES, configEnv, TIX_BIN } from '../../../helpers/tix-env.js';

describe('tix sandbox', () => {
  // With a config file and without one (issue 36 §1: with one, a dependency of conf once sent the signal twice).
  it.each(CONFIG_FILE_CASES)(
    'serves the API in the foreground, prints its URL and keys on stderr, and stops cleanly on SIGTERM, %s',
    async (_config, withFile) => {
      const child = spawn(process.execPath, [TIX_BIN, 'sandbox', '--events', '300', '--seed', '9'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...configEnv(withFile) },
      });
      let stderr = '';
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
          if (match && stderr.includes('Ctrl-C')) resolve(match[1]!);
        });
        child.on('exit', () => reject(new Error(`sandbox exited early: ${stderr}`)));
      });
      expect(stderr).toMatch(/API key \(full access\): +sandbox-key\n/);
      expect(stderr).toMatch(/API key \(no sales\): +sandbox-key-nosales\n/);
      expect(stderr).toMatch(/events: 300\b/);

      const search = await runTix(['events', 'search', '--page-size', '5'], { env: { TIX_BASE_URL: url, TIX_API_KEY: 'sandbox-key' } });
      expect(search.code).toBe(0);
      expect(JSON.parse(search.stdout).events).toHaveLength(5);
      expect((await apiGet(url, '/events', { pageSize: 1 }, 'nope')).status).toBe(401);

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/stopped\n$/);
    },
  );

  it('--time-scale runs the clock faster from --now, so the inventory refreshes every second at 900', async () => {
    const child = spawn(process.execPath, [TIX_BIN, 'sandbox', '--events', '300', '--now', '2026-03-15T03:00:00Z', '--time-scale', '900'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match && stderr.includes('Ctrl-C')) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`sandbox exited early: ${stderr}`)));
    });
    try {
      expect(stderr).toMatch(/clock: 900x real time, now 2026-03-15T\d\d:\d\d:\d\d\.\d{3}Z\n/);
      const event = (await apiGet(url, '/events', { pageSize: 200, date: 3 })).body.events.find(
        (e: { agentIds: Record<string, string> }) => e.agentIds.STUBHUB,
      );
      const path = `/inventory/STUBHUB/${event.agentIds.STUBHUB}`;
      const first = (await apiGet(url, path)).body;
      expect(Date.parse(first.timestamp)).toBeGreaterThanOrEqual(Date.parse('2026-03-15T03:00:00Z'));
      let next = first;
      while (next.timestamp === first.timestamp) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = (await apiGet(url, path)).body;
      }
      expect(Date.parse(next.timestamp)).toBeGreaterThan(Date.parse(first.timestamp));
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it.each([
    [['--time-scale', '0'], /--time-scale must be a number from 1 to 100000, not '0'/],
    [['--time-scale', 'fast'], /--time-scale must be a number from 1 to 100000, not 'fast'/],
    [['--time-scale', '100001'], /--time-scale must be a number from 1 to 100000/],
    [['--time-scale', '-5'], /--time-scale must be a number from 1 to 100000/],
    [['--time-scale', ''], /--time-scale must be a number from 1 to 100000/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--fail-rate', '2'], /--fail-rate must be a number from 0 to 1, not '2'/],
    [['--fault', 'explode'], /--fault must be one of reset, truncate, rate-limit, slow, html, bad-shape/],
    [['--now', 'yesterday'], /--now must be an ISO 8601 date-time/],
    [['--events', '0'], /--events must be a whole number from 1/],
    [['--request-log', '0'], /--request-log must be a whole number from 1 to 1000000, not '0'/],
  ])('%j → exit 2', async (flags, message) => {
    const result = await runTix(['sandbox', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });
});
