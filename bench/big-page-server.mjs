/**
 * A stand-in for the API that answers `GET /events` with one page of about `megabytes` MB (events made from
 * the sandbox's, each with its own id), for the single-large-page rows of scenario 12: what tix does with a
 * page larger than it reads whole. `startBigPageServer({ sample, megabytes })` resolves to { url, bytes, stop };
 * startDensePageServer, a page of few bytes a value.
 * `sample` is a page of events as the sandbox answers it (`{"events":[...]}`).
 */
import { createServer } from 'node:http';

export async function startBigPageServer({ sample, megabytes }) {
  return servePage(bigPage(sample, megabytes * 2 ** 20));
}

/**
 * The same stand-in answering a page dense with values: `events` events, each with an array of `numbers`
 * ones (`[1,1,...]`, two bytes a value) besides its id and name; the shape that costs the most memory a byte.
 */
export async function startDensePageServer({ events, numbers }) {
  const extra = `[${'1,'.repeat(numbers - 1)}1]`;
  const list = Array.from({ length: events }, (_, i) => `{"id":"evt_dense${i}","name":"Dense ${i}","extra":${extra}}`);
  return servePage(Buffer.from(`{"events":[${list.join(',')}]}`));
}

async function servePage(body) {
  const server = createServer((request, response) => {
    if (!request.url.startsWith('/events?') && request.url !== '/events') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: body.length,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * `{"events":[...]}` of about `bytes` bytes, never more by more than one event: the sample's events again and
 * again, each copy with a new id. (Whole copies of a 2,000-event sample made a "3.9 MB" page 4.4 MB, over the
 * bound tix reads whole, and scenario 12 stopped there.)
 */
function bigPage(sample, bytes) {
  const events = JSON.parse(sample).events;
  const parts = [];
  let size = 0;
  for (let copy = 0; size < bytes; copy++) {
    for (const event of events) {
      if (size >= bytes) break;
      const text = JSON.stringify({ ...event, id: `${event.id}${copy.toString(36)}` });
      parts.push(text);
      size += text.length + 1;
    }
  }
  return Buffer.from(`{"events":[${parts.join(',')}]}`);
}
