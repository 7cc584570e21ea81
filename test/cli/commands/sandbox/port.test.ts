/**
 * `tix sandbox --port N` where N is taken: one line naming the address and what to do (exit 1: the flag is
 * well formed, the machine disagrees), never `unexpected error: listen EADDRINUSE`.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectCleanFailure } from '../../../reliability/support/expect-output.js';
import { runBuiltTix as tix } from '../../../helpers/tix-binary.js';

let occupied: Server;
let port: number;
beforeAll(async () => {
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  port = (occupied.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

it('a port in use: exit 1, one line naming 127.0.0.1:N and the way out, and no sandbox', async () => {
  const result = await tix(['sandbox', '--events', '10', '--port', String(port)], { timeoutMs: 20_000 });
  expectCleanFailure(
    result,
    1,
    new RegExp(`^tix: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use; choose another --port, or 0 for any free port$`),
  );
  expect(result.stderr).not.toMatch(/unexpected error|EADDRINUSE|listening/);
});
