/**
 * `tix watch ... | head -1` (issue 17 §6): once head has its line and leaves, tix ends with exit 0 while it
 * waits for the next poll, not at that poll's write (with --interval 1h, an hour later).
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../../helpers/sandbox.js';
import { runShell } from '../../../helpers/shell.js';
import { failOnUnexpectedStderr, sandboxEnv, tempDir, TIX_BIN } from '../../../helpers/tix-env.js';

const sandbox = useSandbox({ now: '2026-03-15T03:00:00Z' });

/** A shell pipeline `tix ARGS | READER`; tix's own exit status is the last line of stderr. */
async function pipeline(args: readonly string[], reader: string): Promise<{ tixCode: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir(),
    TZ: 'UTC',
    TIX_CONFIG_DIR: tempDir('tix-config-'),
    ...sandboxEnv(sandbox().url),
  };
  const tix = [process.execPath, TIX_BIN, ...args].map((word) => `'${word}'`).join(' ');
  const result = await runShell(`${tix} | ${reader}; echo "tix-exit=\${PIPESTATUS[0]}" >&2`, { cwd: env.HOME, env });
  const exit = /tix-exit=(\d+)\n$/.exec(result.stderr);
  if (result.code !== 0 || !exit) throw new Error(`the pipeline did not end by itself:\n${result.stderr}`);
  return failOnUnexpectedStderr(
    { tixCode: Number(exit[1]), stdout: result.stdout, stderr: result.stderr.slice(0, exit.index) },
    false,
    args,
  );
}

describe('watch when its reader goes away', () => {
  it('ends with exit 0 during the wait, without waiting for the next poll (| head -1)', async () => {
    const ids = sandbox()
      .events.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []))
      .slice(0, 3);
    const result = await pipeline(['watch', 'TMUSA', ids.join(','), '--interval', '1h'], 'head -1');

    expect(result.tixCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ agent: 'TMUSA' });
    // The note that it started, and not a word more: a reader leaving is not an error.
    expect(result.stderr).toBe('Watching 3 events at TMUSA every 1h; Ctrl-C to stop.\n');
  });

  it('also for service events, whose first poll asks every agent (a shell reader that takes one line and leaves)', async () => {
    const event = sandbox().events.find((e) => Object.keys(e.agentIds).length >= 2)!;
    const result = await pipeline(['watch', event.id, '--interval', '1h'], `{ IFS= read -r line && printf '%s\\n' "$line"; }`);

    expect(result.tixCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty('type');
    expect(result.stderr).toMatch(/^Watching 1 event at \d+ agents \(.+\) every 1h; Ctrl-C to stop\.\n$/);
  });
});
