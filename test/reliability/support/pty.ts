/**
 * Runs tix on a real pseudo-terminal (Node cannot open one without a native module, so Python's pty module
 * does it) and types a line once a prompt has appeared. Returns everything the terminal showed: what tix
 * wrote and what the terminal echoed of the typing.
 */
import { execFile } from 'node:child_process';
import { cleanEnv, REPO_ROOT, TIX_BIN } from '../../helpers/tix-env.js';

// The line to type arrives on Python's stdin, so it is in no process's arguments or environment.
const HARNESS = `
import json, os, pty, select, sys, time
argv, prompt = json.loads(sys.argv[1]), sys.argv[2].encode()
line = sys.stdin.readline().rstrip('\\n').encode()
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)
seen, typed, deadline = b'', False, time.time() + 30
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    if not typed and prompt in seen:
        os.write(fd, line + b'\\r')
        typed = True
_, status = os.waitpid(pid, 0)
print(json.dumps({'screen': seen.decode('utf-8', 'replace'), 'code': os.waitstatus_to_exitcode(status), 'typed': typed}))
`;

export interface PtyOutcome {
  /** Everything that appeared on the terminal. */
  screen: string;
  code: number;
  /** Whether the prompt appeared and the line was typed. */
  typed: boolean;
}

export function runOnTerminal(args: readonly string[], prompt: string, line: string, env: Record<string, string>): Promise<PtyOutcome> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'python3',
      ['-c', HARNESS, JSON.stringify([process.execPath, TIX_BIN, ...args]), prompt],
      { cwd: REPO_ROOT, env: cleanEnv(env), timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pty harness failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as PtyOutcome);
      },
    );
    child.stdin!.end(`${line}\n`);
  });
}
