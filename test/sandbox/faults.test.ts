/** Fault modes and failRate, for the CLI's reliability tests; and start-up option validation. */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { SANDBOX_API_KEY, getJson, request, useSandbox } from '../helpers/sandbox.js';

interface Outcome {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  received: number;
  /** 'end' when the body completed, otherwise the error the client saw. */
  ending: string;
}

/** A GET that reports how the response ended instead of failing: for the reset and truncate faults. */
function rawGet(sandbox: Sandbox, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let responded = false;
    const req = httpRequest({ host: '127.0.0.1', port: sandbox.port, path, headers: { 'x-api-key': SANDBOX_API_KEY } }, (res) => {
      responded = true;
      let received = 0;
      let settled = false;
      const finish = (ending: string) => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, received, ending });
      };
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.on('end', () => finish('end'));
      res.on('aborted', () => finish('aborted'));
      res.on('error', (error) => finish(error.message));
      res.on('close', () => finish(res.complete ? 'end' : 'closed early'));
    });
    // After a response has begun, the request's error is the same break the response reports (Node.js 24
    // emits it on the request first): only a failure before any response is the request's own.
    req.on('error', (error) => {
      if (!responded) resolve({ status: 0, headers: {}, received: 0, ending: error.message });
    });
    req.end();
  });
}

describe('fault: reset', () => {
  const sandbox = useSandbox({ fault: 'reset', events: 100 });
  it('sends the headers and part of the body, then resets the connection', async () => {
    const outcome = await rawGet(sandbox(), '/events');
    expect(outcome.status).toBe(200);
    expect(outcome.ending).not.toBe('end');
    expect(outcome.received).toBeLessThan(Number(outcome.headers['content-length']));
  });
});

describe('fault: truncate', () => {
  const sandbox = useSandbox({ fault: 'truncate', events: 100 });
  it('promises the full Content-Length but ends the connection after part of the body', async () => {
    const outcome = await rawGet(sandbox(), '/events');
    expect(outcome.status).toBe(200);
    const length = Number(outcome.headers['content-length']);
    expect(length).toBeGreaterThan(1000);
    expect(outcome.received).toBeGreaterThan(0);
    expect(outcome.received).toBeLessThan(length);
    expect(outcome.ending).not.toBe('end');
  });
});

describe('fault: rate-limit', () => {
  const sandbox = useSandbox({ fault: 'rate-limit', retryAfter: '7', events: 10 });
  it('answers 429 with Retry-After', async () => {
    const response = await request(sandbox(), '/events');
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json).toEqual({ status: 429, error: 'Too Many Requests', message: 'rate limit exceeded; retry after 7 seconds' });
  });
});

describe('fault: slow', () => {
  it('holds the response for slowMs, and close() still returns promptly', async () => {
    const sandbox = await startSandbox({ fault: 'slow', events: 10 });
    const pending = request(sandbox, '/events').then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    );
    const early = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(early).toBe('waiting');
    const started = performance.now();
    await sandbox.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await pending).toBe('failed');
  });

  it('answers after a short slowMs', async () => {
    const sandbox = await startSandbox({ fault: 'slow', slowMs: 100, events: 10 });
    try {
      const started = performance.now();
      expect((await request(sandbox, '/events')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    } finally {
      await sandbox.close();
    }
  });
});

describe('fault: html', () => {
  const sandbox = useSandbox({ fault: 'html', events: 10 });
  it('answers 200 with an HTML page', async () => {
    const response = await request(sandbox(), '/events');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toMatch(/^<!DOCTYPE html>/);
    expect(response.json).toBeUndefined();
  });
});

describe('fault: bad-shape', () => {
  const sandbox = useSandbox({ fault: 'bad-shape', events: 50 });
  it('answers 200 JSON of the wrong shape for each endpoint', async () => {
    const e = sandbox().events[0]!;
    const events = await getJson(sandbox(), '/events');
    expect(Array.isArray(events.events)).toBe(false);
    expect(typeof (await getJson(sandbox(), `/events/${e.id}`)).id).not.toBe('string');
    expect(Array.isArray((await getJson(sandbox(), `/events/stubhub/${e.stubhubId}`)).events)).toBe(false);
    expect(Array.isArray((await getJson(sandbox(), `/inventory/STUBHUB/${e.stubhubId}`)).data)).toBe(false);
    expect(Array.isArray((await getJson(sandbox(), `/events/stubhub/${e.stubhubId}/sales-summary`)).salesData)).toBe(false);
    expect(Array.isArray((await getJson(sandbox(), `/events/stubhub/${e.stubhubId}/sales-details`)).salesDetails)).toBe(false);
  });

  it('leaves errors alone', async () => {
    expect((await request(sandbox(), '/events/evt_0000000000')).status).toBe(404);
  });
});

describe('rates', () => {
  it('applies a fault to about faultRate of the requests', async () => {
    const sandbox = await startSandbox({ fault: 'rate-limit', faultRate: 0.25, events: 10 });
    try {
      let limited = 0;
      for (let i = 0; i < 400; i++) if ((await request(sandbox, '/events')).status === 429) limited++;
      expect(limited).toBeGreaterThan(60);
      expect(limited).toBeLessThan(140);
    } finally {
      await sandbox.close();
    }
  });

  it('answers about failRate of the requests with 503', async () => {
    const sandbox = await startSandbox({ failRate: 0.3, events: 10 });
    try {
      let failed = 0;
      for (let i = 0; i < 400; i++) if ((await request(sandbox, '/events')).status === 503) failed++;
      expect(failed).toBeGreaterThan(80);
      expect(failed).toBeLessThan(160);
    } finally {
      await sandbox.close();
    }
  });
});

describe('options', () => {
  it.each([
    [{ failRate: 1.5 }, /failRate must be between 0 and 1/],
    [{ faultRate: -0.1 }, /faultRate must be between 0 and 1/],
    [{ fault: 'explode' as never }, /fault must be one of reset, truncate, rate-limit, slow, html, bad-shape/],
    [{ now: 'not a date' }, /now must be a valid date/],
    [{ events: -1 }, /events must be an integer/],
    [{ events: 1.5 }, /events must be an integer/],
    [{ seed: 0.5 }, /seed must be an integer/],
    [{ port: 70_000 }, /port must be an integer/],
  ])('rejects %o', async (options, message) => {
    await expect(startSandbox(options)).rejects.toThrow(message);
  });

  it('accepts now as a Date, an ISO string or a function', async () => {
    for (const now of [new Date('2026-03-15T03:00:00Z'), '2026-03-15T03:00:00Z', () => new Date('2026-03-15T03:00:00Z')]) {
      const sandbox = await startSandbox({ now, events: 5 });
      try {
        expect(sandbox.now()).toBe(Date.parse('2026-03-15T03:00:00Z'));
        expect(sandbox.events[0]!.id).toMatch(/^evt_/);
      } finally {
        await sandbox.close();
      }
    }
  });
});
