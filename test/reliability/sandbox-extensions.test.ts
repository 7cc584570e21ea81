/**
 * The sandbox options the reliability tests added: the not-json fault, a cap on failures in a row per
 * request target (so "half the requests fail" cannot outlast tix's retries by chance), and extra keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';
import { request } from '../helpers/sandbox.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});
const start = async (options: SandboxOptions) => (sandbox = await startSandbox({ events: 20, ...options }));

describe('fault: not-json', () => {
  it('answers 200 labelled application/json with an HTML page', async () => {
    const response = await request(await start({ fault: 'not-json' }), '/events');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.text).toMatch(/^<!DOCTYPE html>/);
  });
});

describe('maxConsecutiveFailures', () => {
  it('serves a target normally after that many failures in a row', async () => {
    const s = await start({ failRate: 1, maxConsecutiveFailures: 3 });
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) seen.push((await request(s, '/events?pageNumber=1')).status);
    expect(seen).toEqual([503, 503, 503, 200, 503, 503, 503, 200]);
  });

  it('counts each request target on its own', async () => {
    const s = await start({ fault: 'rate-limit', maxConsecutiveFailures: 1 });
    expect((await request(s, '/events?pageNumber=1&pageSize=5')).status).toBe(429);
    expect((await request(s, '/events?pageNumber=2&pageSize=5')).status).toBe(429);
    expect((await request(s, '/events?pageNumber=1&pageSize=5')).status).toBe(200);
    expect((await request(s, '/events?pageNumber=2&pageSize=5')).status).toBe(200);
  });

  it('still fails about failRate of the requests', async () => {
    const s = await start({ failRate: 0.5, maxConsecutiveFailures: 3 });
    let failed = 0;
    for (let i = 0; i < 400; i++) if ((await request(s, `/events?pageNumber=${i % 20}`)).status === 503) failed++;
    expect(failed).toBeGreaterThan(140);
    expect(failed).toBeLessThan(220);
  });

  it('is checked', async () => {
    await expect(startSandbox({ maxConsecutiveFailures: -1 })).rejects.toThrow(/maxConsecutiveFailures must be an integer/);
  });
});

describe('extraApiKeys', () => {
  it('gives other keys full access, and still refuses unknown ones', async () => {
    const s = await start({ extraApiKeys: ['distinctive-key-1'] });
    expect((await request(s, '/events', { key: 'distinctive-key-1' })).status).toBe(200);
    expect((await request(s, '/events', { key: 'distinctive-key-2' })).status).toBe(401);
  });
});
