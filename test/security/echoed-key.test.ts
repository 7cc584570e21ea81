/**
 * A server that answers 200 with the key inside a field: the data goes out exactly as sent (never masked,
 * in any format, `tix api` included), and one warning on stderr names the fields that held it, exit code
 * unchanged. A short key is looked for only as a whole field value, so `evt` does not turn event ids into
 * `***_...` nor warn on every run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readParquet } from '../helpers/parquet.js';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runTix as tix } from '../helpers/tix.js';
import { testDir as tempDir } from '../helpers/tix-env.js';

const KEY = 'tixECHOED-4kq8Zp2Lw9';
const ID = 'evt_aaaaaaaaaa';

/** An event whose `note` quotes the key it was asked with and whose `venue.name` is exactly that key. */
function eventFor(key: string): Record<string, unknown> {
  return { id: ID, name: 'Echo Night', note: `issued for key ${key} today`, venue: { name: key, city: 'Boston' } };
}

let api: StubApi;

beforeAll(async () => {
  api = await startStubApi({
    handle: (request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      const path = request.url ?? '/';
      if (path.startsWith('/events?')) sendJson(response, 200, { events: [eventFor(key)] });
      else if (path === `/events/${ID}`) sendJson(response, 200, eventFor(key));
      else if (path === '/named') sendJson(response, 200, { [key]: key, 'line\nbreak': `x ${key}` });
      else if (path === '/notes') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`notes for ${key}\n`);
      } else sendJson(response, 404, { message: 'not found' });
    },
  });
});

afterAll(async () => {
  await api?.close();
});

function run(args: string[], key = KEY) {
  return tix(args, { env: { TIX_API_KEY: key, TIX_BASE_URL: api.url } });
}

const BOTH_FIELDS = 'tix: warning: the API echoed your API key in fields "note", "venue.name" of the output; treat the output as secret\n';

describe('a key echoed in data', () => {
  it('events search -o json: the payload as sent, and one warning naming the fields', async () => {
    const result = await run(['events', 'search', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ events: [eventFor(KEY)] });
    expect(result.stderr).toBe(BOTH_FIELDS.replaceAll('"note", "venue.name"', '"events[].note", "events[].venue.name"'));
  });

  it('events search --all -o json: the merged list, fields named inside it', async () => {
    const result = await run(['events', 'search', '--all', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`"name":"${KEY}"`);
    expect(result.stderr).toBe(BOTH_FIELDS.replaceAll('"note", "venue.name"', '"events[].note", "events[].venue.name"'));
  });

  it('events search -o csv: the cells as sent, named by their columns', async () => {
    const result = await run(['events', 'search', '-o', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`issued for key ${KEY} today,${KEY},Boston`);
    expect(result.stderr).toBe(BOTH_FIELDS);
  });

  it('events get: the event as sent, and the warning', async () => {
    const result = await run(['events', 'get', ID]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ events: [eventFor(KEY)] });
    expect(result.stderr).toBe(
      'tix: warning: the API echoed your API key in fields "events[].note", "events[].venue.name" of the output; treat the output as secret\n',
    );
  });

  it('--out x.parquet: the file holds the key as sent, and the warning is given', async () => {
    const out = join(tempDir(), 'events.parquet');
    const result = await run(['events', 'search', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(BOTH_FIELDS);
    const parquet = await readParquet(out);
    expect(parquet.rows[0]![parquet.columns.indexOf('venue.name')]).toBe(KEY);
  });

  it('--fields without the fields that hold it: nothing to warn about', async () => {
    const result = await run(['events', 'search', '-o', 'csv', '--fields', 'id,name']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`id,name\r\n${ID},Echo Night\r\n`);
    expect(result.stderr).toBe('');
  });

  it('tix api: the body byte for byte, and the warning', async () => {
    const result = await run(['api', `/events/${ID}`]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(JSON.stringify(eventFor(KEY)));
    expect(result.stderr).toBe(BOTH_FIELDS);
  });

  it('tix api with a short key: ids are not masked, and only a field that is exactly the key is named', async () => {
    const result = await run(['api', `/events/${ID}`], 'evt');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(JSON.stringify(eventFor('evt')));
    expect(result.stdout).toContain(`"id":"${ID}"`);
    // A short key in a field of its own is still an echo.
    expect(result.stderr).toBe(
      'tix: warning: the API echoed your API key in field "venue.name" of the output; treat the output as secret\n',
    );
  });

  it('tix api with a body that is not JSON: exit 1, nothing on stdout, and the key not quoted in the message', async () => {
    const result = await run(['api', '/notes']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: expected JSON from GET \/notes but got text\/plain/);
    expect(result.stderr).not.toContain(KEY);
  });

  it('a field named after the key is named masked, and a name with a line break escaped', async () => {
    const result = await run(['api', '/named']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(JSON.stringify({ [KEY]: KEY, 'line\nbreak': `x ${KEY}` }));
    expect(result.stderr).toBe(
      'tix: warning: the API echoed your API key in fields "***", "line\\nbreak" of the output; treat the output as secret\n',
    );
  });

  it('a failed --out run wrote nothing, so it warns of nothing', async () => {
    const out = join(tempDir(), 'events.csv');
    const result = await run(['events', 'get', ID, 'evt_bbbbbbbbbb', '--out', out]);
    expect(result.code).toBe(4);
    expect(existsSync(out)).toBe(false);
    expect(result.stderr).not.toContain('warning');
    expect(result.stderr).toMatch(/^tix: no event found for id evt_bbbbbbbbbb /m);
  });
});
