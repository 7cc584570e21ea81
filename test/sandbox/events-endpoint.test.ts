/** GET /events: every parameter of seed 4.1, checked against the generated data over real HTTP. */
import { describe, expect, it } from 'vitest';
import type { SandboxEvent } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson, request, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ now: FIXED_NOW, seed: 42 });
const T = (iso: string) => Date.parse(iso);
const INF = Infinity;

/** Ids of the events the search returns, or null on 404. */
async function search(query: string): Promise<string[] | null> {
  const response = await request(sandbox(), `/events?${query}`);
  if (response.status === 404) return null;
  expect(response.status, response.text).toBe(200);
  expect(Array.isArray(response.json.events)).toBe(true);
  return response.json.events.map((e: { id: string }) => e.id);
}

/** Expected ids: the events passing `keep`, by event date then id (the default order). */
function expected(keep: (e: SandboxEvent) => boolean): string[] {
  return sandbox()
    .events.filter(keep)
    .sort((a, b) => a.eventTime - b.eventTime || (a.id < b.id ? -1 : 1))
    .map((e) => e.id);
}

async function expectSearch(query: string, keep: (e: SandboxEvent) => boolean): Promise<void> {
  const want = expected(keep).slice(0, 5000);
  const got = await search(`${query}&pageSize=5000`);
  if (want.length === 0) expect(got).toBeNull();
  else expect(got).toEqual(want);
}

describe('defaults and paging', () => {
  it('returns the first 1,000 events by event date, ties by id, as full listings', async () => {
    const body = await getJson(sandbox(), '/events');
    expect(body.events).toHaveLength(1000);
    expect(body.events.map((e: { id: string }) => e.id)).toEqual(expected(() => true).slice(0, 1000));
    const first = body.events[0];
    expect(Object.keys(first)).toEqual([
      'id',
      'name',
      'category',
      'venue',
      'city',
      'state',
      'country',
      'eventDate',
      'presaleDate',
      'publicSaleDate',
      'dateAdded',
      'agentIds',
    ]);
    const event = sandbox().events.find((e) => e.id === first.id)!;
    expect(first).toEqual(JSON.parse(JSON.stringify(event)));
  });

  it('pages with pageNumber and pageSize without gaps or overlaps', async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 5; page++) pages.push(...((await search(`pageSize=450&pageNumber=${page}`)) ?? []));
    expect(pages).toEqual(expected(() => true));
  });

  it('answers 404 with a useful message for a page past the end', async () => {
    const response = await request(sandbox(), '/events?pageSize=1000&pageNumber=3');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'no events on page 3: the search matched 2000 events (2 pages of 1000)',
    });
  });

  it('accepts pageSize 5000 and rejects 0, 5001, non-integers, and pageNumber 0', async () => {
    expect(await search('pageSize=5000')).toHaveLength(2000);
    for (const [query, message] of [
      ['pageSize=0', 'pageSize must be between 1 and 5000 (got 0)'],
      ['pageSize=5001', 'pageSize must be between 1 and 5000 (got 5001)'],
      ['pageSize=abc', "pageSize must be an integer between 1 and 5000 (got 'abc')"],
      ['pageSize=1.5', "pageSize must be an integer between 1 and 5000 (got '1.5')"],
      ['pageNumber=0', 'pageNumber must be between 1 and 2147483647 (got 0)'],
      ['pageNumber=x', "pageNumber must be an integer between 1 and 2147483647 (got 'x')"],
    ]) {
      const response = await request(sandbox(), `/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toEqual({ status: 400, error: 'Bad Request', message });
    }
  });

  it('matches parameter names case-insensitively and takes the first of repeated values', async () => {
    expect(await search('PAGESIZE=3')).toHaveLength(3);
    expect(await search('pageSize=2&pageSize=7')).toHaveLength(2);
  });
});

describe('category', () => {
  it.each([
    [1, 'Concerts'],
    [2, 'Arts'],
    [3, 'Family'],
    [4, 'Sports'],
    [5, 'Misc'],
  ])('category=%i keeps only %s', async (value, name) => {
    await expectSearch(`category=${value}`, (e) => e.category === name);
  });

  it('category=0 keeps everything; other values are 400', async () => {
    expect(await search('category=0&pageSize=5000')).toHaveLength(2000);
    const response = await request(sandbox(), '/events?category=6');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(
      "category must be one of 0 (All), 1 (Concerts), 2 (Arts), 3 (Family), 4 (Sports), 5 (Misc) (got '6')",
    );
  });
});

describe('date presets in time zone q', () => {
  // FIXED_NOW is Sunday 2026-03-15 03:00 UTC: still Saturday the 14th in New York (EDT since March 8).
  const UTC_RANGES: [number, string, number, number][] = [
    [0, 'Today', T('2026-03-15T00:00Z'), T('2026-03-16T00:00Z')],
    [1, 'Tomorrow', T('2026-03-16T00:00Z'), T('2026-03-17T00:00Z')],
    [2, 'Yesterday', T('2026-03-14T00:00Z'), T('2026-03-15T00:00Z')],
    [3, 'Future, including Today', T('2026-03-15T00:00Z'), INF],
    [19, 'Future', T('2026-03-16T00:00Z'), INF],
    [7, 'Next 3 Days', T('2026-03-15T00:00Z'), T('2026-03-18T00:00Z')],
    [8, 'Next 7 Days', T('2026-03-15T00:00Z'), T('2026-03-22T00:00Z')],
    [9, 'Next 10 Days', T('2026-03-15T00:00Z'), T('2026-03-25T00:00Z')],
    [10, 'Next 2 Weeks', T('2026-03-15T00:00Z'), T('2026-03-29T00:00Z')],
    [11, 'Next 30 Days', T('2026-03-15T00:00Z'), T('2026-04-14T00:00Z')],
    [4, 'Past', -INF, T('2026-03-15T00:00Z')],
    [12, 'Past 7 Days', T('2026-03-08T00:00Z'), T('2026-03-15T00:00Z')],
    [5, 'Past 30 Days', T('2026-02-13T00:00Z'), T('2026-03-15T00:00Z')],
    [16, 'Past 3 Months', T('2025-12-15T00:00Z'), T('2026-03-15T00:00Z')],
    [17, 'Past 6 Months', T('2025-09-15T00:00Z'), T('2026-03-15T00:00Z')],
    [18, 'Past Year', T('2025-03-15T00:00Z'), T('2026-03-15T00:00Z')],
    [14, 'This Week', T('2026-03-15T00:00Z'), T('2026-03-22T00:00Z')],
  ];

  it.each(UTC_RANGES)('date=%i (%s) in UTC', async (value, _label, from, to) => {
    await expectSearch(`date=${value}`, (e) => e.eventTime >= from && e.eventTime < to);
  });

  const NEW_YORK: [number, string, number, number][] = [
    [0, 'Today', T('2026-03-14T04:00Z'), T('2026-03-15T04:00Z')],
    [2, 'Yesterday', T('2026-03-13T05:00Z'), T('2026-03-14T04:00Z')],
    [12, 'Past 7 Days (across the DST change)', T('2026-03-07T05:00Z'), T('2026-03-14T04:00Z')],
    [14, 'This Week (Sunday March 8 to Saturday March 14)', T('2026-03-08T05:00Z'), T('2026-03-15T04:00Z')],
    [11, 'Next 30 Days', T('2026-03-14T04:00Z'), T('2026-04-13T04:00Z')],
  ];

  it.each(NEW_YORK)('date=%i (%s) in America/New_York', async (value, _label, from, to) => {
    await expectSearch(`date=${value}&q=America/New_York`, (e) => e.eventTime >= from && e.eventTime < to);
  });

  it('gives different results for the same preset in different zones', async () => {
    const utc = await search('date=14&pageSize=5000');
    const ny = await search('date=14&q=America%2FNew_York&pageSize=5000');
    expect(utc).not.toEqual(ny);
  });

  it('rejects an unknown time zone and an unknown preset', async () => {
    const zone = await request(sandbox(), '/events?q=Mars/Olympus_Mons');
    expect(zone.status).toBe(400);
    expect(zone.json.message).toBe("q must be an IANA time zone name such as America/New_York or UTC (got 'Mars/Olympus_Mons')");
    const preset = await request(sandbox(), '/events?date=15');
    expect(preset.status).toBe(400);
    expect(preset.json.message).toMatch(/^date must be one of 0 \(Today\), .*14 \(This Week \(Sunday through Saturday\)\) \(got '15'\)$/);
  });

  it('Specified Date (6) needs eventSearchSpecifiedDate and covers that day in q', async () => {
    const missing = await request(sandbox(), '/events?date=6');
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('eventSearchSpecifiedDate (YYYY-MM-DD) is required when date is 6 (Specified Date)');
    const day = sandbox().events[10]!.eventDate.slice(0, 10);
    await expectSearch(`date=6&eventSearchSpecifiedDate=${day}`, (e) => e.eventDate.slice(0, 10) === day);
    const from = T(`${day}T00:00:00-08:00`);
    await expectSearch(
      `date=6&eventSearchSpecifiedDate=${day}&q=Etc/GMT%2B8`,
      (e) => e.eventTime >= from && e.eventTime < from + 86_400_000,
    );
  });

  it('Specified Date Range (13) needs both dates, in order, and includes the last day', async () => {
    for (const query of ['date=13', 'date=13&eventSearchSpecifiedDate=2026-04-01', 'date=13&eventSearchSpecifiedDateEnding=2026-04-01']) {
      const response = await request(sandbox(), `/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.message).toBe(
        'eventSearchSpecifiedDate and eventSearchSpecifiedDateEnding (YYYY-MM-DD) are both required when date is 13 (Specified Date Range)',
      );
    }
    const reversed = await request(
      sandbox(),
      '/events?date=13&eventSearchSpecifiedDate=2026-05-01&eventSearchSpecifiedDateEnding=2026-04-01',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.json.message).toBe('eventSearchSpecifiedDateEnding must not be before eventSearchSpecifiedDate');
    const bad = await request(sandbox(), '/events?date=6&eventSearchSpecifiedDate=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("eventSearchSpecifiedDate must be a date in the form YYYY-MM-DD (got '2026-02-30')");
    await expectSearch(
      'date=13&eventSearchSpecifiedDate=2026-04-01&eventSearchSpecifiedDateEnding=2026-05-31',
      (e) => e.eventTime >= T('2026-04-01T00:00Z') && e.eventTime < T('2026-06-01T00:00Z'),
    );
  });
});

describe('dateStart and dateEnd', () => {
  it('takes dates as whole days (end inclusive) in q', async () => {
    await expectSearch(
      'dateStart=2026-04-01&dateEnd=2026-04-30',
      (e) => e.eventTime >= T('2026-04-01T00:00Z') && e.eventTime < T('2026-05-01T00:00Z'),
    );
    await expectSearch(
      'dateStart=2026-04-01&dateEnd=2026-04-30&q=America/Los_Angeles',
      (e) => e.eventTime >= T('2026-04-01T07:00Z') && e.eventTime < T('2026-05-01T07:00Z'),
    );
  });

  it('takes date-times with Z, with an offset, and without (read in q); bounds inclusive', async () => {
    const e = sandbox().events[3]!;
    await expectSearch(`dateStart=${e.eventDate}&dateEnd=${e.eventDate}`, (x) => x.eventTime === e.eventTime);
    const local = new Date(e.eventTime - 5 * 3_600_000).toISOString().slice(0, 19);
    await expectSearch(`dateStart=${local}-05:00&dateEnd=${encodeURIComponent(`${local}-05:00`)}`, (x) => x.eventTime === e.eventTime);
    await expectSearch(`dateStart=${local}&dateEnd=${local}&q=Etc/GMT%2B5`, (x) => x.eventTime === e.eventTime);
  });

  it('narrows a preset', async () => {
    await expectSearch('date=3&dateEnd=2026-06-30', (e) => e.eventTime >= T('2026-03-15T00:00Z') && e.eventTime < T('2026-07-01T00:00Z'));
  });

  it('rejects malformed values and a start after the end', async () => {
    for (const [query, message] of [
      [
        'dateStart=tomorrow',
        "dateStart must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS] with optional Z or ±HH:MM offset (got 'tomorrow')",
      ],
      [
        'dateEnd=2026-13-01',
        "dateEnd must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS] with optional Z or ±HH:MM offset (got '2026-13-01')",
      ],
      ['dateStart=2026-05-02&dateEnd=2026-05-01', 'dateStart must not be after dateEnd'],
    ]) {
      const response = await request(sandbox(), `/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.message).toBe(message);
    }
  });
});

describe('type: which date the filters apply to', () => {
  const from = T('2026-01-01T00:00Z');
  const to = T('2026-02-01T00:00Z');
  const inRange = (t: number) => t >= from && t < to;
  const range = 'dateStart=2026-01-01&dateEnd=2026-01-31';
  it.each([
    [0, (e: SandboxEvent) => inRange(e.presaleTime)],
    [1, (e: SandboxEvent) => inRange(e.publicSaleTime)],
    [2, (e: SandboxEvent) => inRange(e.eventTime)],
    [4, (e: SandboxEvent) => inRange(e.presaleTime) || inRange(e.publicSaleTime)],
    [5, (e: SandboxEvent) => e.publicSaleTime < to && e.eventTime >= from],
    [14, (e: SandboxEvent) => e.presaleTime < to && e.eventTime >= from],
    [17, (e: SandboxEvent) => inRange(e.addedTime)],
  ])('type=%i', async (type, keep) => {
    const want = expected(keep);
    expect(want.length).toBeGreaterThan(0);
    await expectSearch(`type=${type}&${range}`, keep);
  });

  it('type 17 with "Past 7 Days" lists the events just added', async () => {
    await expectSearch('type=17&date=12', (e) => e.addedTime >= T('2026-03-08T00:00Z') && e.addedTime < T('2026-03-15T00:00Z'));
  });

  it('rejects unknown types', async () => {
    const response = await request(sandbox(), '/events?type=3');
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(
      /^type must be one of 0 \(Presale Date\), 1 \(Public Sale Date\), 2 \(Event Date\), 4 .*17 \(Just Added Events\) \(got '3'\)$/,
    );
  });
});

describe('text filters', () => {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();

  it('name with % wildcards matches the whole name, case-insensitively', async () => {
    await expectSearch('name=taylor%25', (e) => fold(e.name).startsWith('taylor'));
    await expectSearch('name=%25tour', (e) => fold(e.name).endsWith('tour'));
    await expectSearch('name=%25vs.%25Heat', (e) => /vs\..*heat$/i.test(e.name));
  });

  it('name without % matches anywhere, and ignores accents', async () => {
    await expectSearch('name=SWIFT', (e) => fold(e.name).includes('swift'));
    await expectSearch('name=beyonce', (e) => fold(e.name).includes('beyonce'));
    expect(expected((e) => e.name.includes('Beyoncé')).length).toBeGreaterThan(0);
  });

  it('venue and city match anywhere; state and country match whole values', async () => {
    await expectSearch('venue=garden', (e) => fold(e.venue).includes('garden'));
    await expectSearch('city=montreal', (e) => e.city === 'Montréal');
    await expectSearch('city=new%20york', (e) => e.city === 'New York');
    await expectSearch('state=ny', (e) => e.state === 'NY');
    await expectSearch('state=N', () => false);
    await expectSearch('country=gb', (e) => e.country === 'GB');
    await expectSearch('country=UK', (e) => e.country === 'GB');
    await expectSearch(
      'country=ca&category=4&name=%25Maple%20Leafs%25',
      (e) => e.country === 'CA' && e.category === 'Sports' && e.name.includes('Maple Leafs'),
    );
  });

  it('answers 404 when nothing matches', async () => {
    const response = await request(sandbox(), '/events?name=no%20such%20event');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ status: 404, error: 'Not Found', message: 'no events match the search' });
  });
});

describe('sortBy and direction', () => {
  const keys: [number, (e: SandboxEvent) => number | string][] = [
    [0, (e) => e.presaleTime],
    [1, (e) => e.publicSaleTime],
    [2, (e) => e.eventTime],
    [8, (e) => e.addedTime],
  ];
  it.each(keys)('sortBy=%i orders by that date, ties by id, both directions', async (sortBy, key) => {
    const events = sandbox().events;
    const asc = [...events].sort((a, b) => (key(a) as number) - (key(b) as number) || (a.id < b.id ? -1 : 1)).map((e) => e.id);
    const desc = [...events].sort((a, b) => (key(b) as number) - (key(a) as number) || (a.id < b.id ? -1 : 1)).map((e) => e.id);
    expect(await search(`sortBy=${sortBy}&pageSize=5000`)).toEqual(asc);
    expect(await search(`sortBy=${sortBy}&direction=0&pageSize=5000`)).toEqual(asc);
    expect(await search(`sortBy=${sortBy}&direction=1&pageSize=5000`)).toEqual(desc);
  });

  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  it.each([
    [3, (e: SandboxEvent) => e.name],
    [4, (e: SandboxEvent) => e.venue],
    [5, (e: SandboxEvent) => e.city],
    [6, (e: SandboxEvent) => e.state],
  ])('sortBy=%i orders by that text, case-insensitively, ties by id', async (sortBy, key) => {
    const events = sandbox().events;
    const byId = new Map(events.map((e) => [e.id, e]));
    for (const direction of [0, 1]) {
      const got = (await search(`sortBy=${sortBy}&direction=${direction}&pageSize=5000`))!.map((id) => byId.get(id)!);
      expect(got).toHaveLength(2000);
      for (let i = 1; i < got.length; i++) {
        const order = collator.compare(key(got[i - 1]!), key(got[i]!)) * (direction === 1 ? -1 : 1);
        expect(order < 0 || (order === 0 && got[i - 1]!.id < got[i]!.id), `${key(got[i - 1]!)} / ${key(got[i]!)}`).toBe(true);
      }
    }
  });

  it('rejects unknown sortBy and direction values', async () => {
    const sortBy = await request(sandbox(), '/events?sortBy=7');
    expect(sortBy.status).toBe(400);
    expect(sortBy.json.message).toMatch(/^sortBy must be one of 0 \(Presale Date\), .*8 \(DateAdded\) \(got '7'\)$/);
    const direction = await request(sandbox(), '/events?direction=2');
    expect(direction.status).toBe(400);
    expect(direction.json.message).toBe("direction must be one of 0 (Ascending), 1 (Descending) (got '2')");
  });
});

describe('ticketAgent, omit, password', () => {
  it('ticketAgent keeps the events that agent lists, by code or name, any case', async () => {
    await expectSearch('ticketAgent=TMUSA', (e) => e.agentIds.TMUSA !== undefined);
    await expectSearch('ticketAgent=vividseats', (e) => e.agentIds.VIVID !== undefined);
    const bad = await request(sandbox(), '/events?ticketAgent=ebay');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("ticketAgent must be an agent code or name such as TMUSA or ticketMaster (got 'ebay')");
  });

  it('omit leaves listed fields out, never id or name', async () => {
    const body = await getJson(sandbox(), '/events?omit=agentIds,%20City,presaleDate&pageSize=2');
    expect(Object.keys(body.events[0])).toEqual([
      'id',
      'name',
      'category',
      'venue',
      'state',
      'country',
      'eventDate',
      'publicSaleDate',
      'dateAdded',
    ]);
    for (const [query, message] of [
      ['omit=name', 'omit cannot remove id or name'],
      ['omit=id', 'omit cannot remove id or name'],
      [
        'omit=price',
        "omit must be a comma-separated list of category, venue, city, state, country, eventDate, presaleDate, publicSaleDate, dateAdded, agentIds (got 'price')",
      ],
    ]) {
      const response = await request(sandbox(), `/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.message).toBe(message);
    }
  });

  it('password is accepted and changes nothing', async () => {
    expect(await search('password=letmein&pageSize=20')).toEqual(expected(() => true).slice(0, 20));
  });
});
