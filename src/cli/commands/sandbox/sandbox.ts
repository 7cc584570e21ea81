import { Command, Option } from 'commander';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import { addExamples, withValues, seeAlso } from '../../kit/command-kit.js';
import { parseInstantFlag } from '../../kit/parse/dates.js';
import { printable } from '../../../shared/printable.js';
import { parseWholeNumber } from '../../../shared/numbers.js';
import { runOf } from '../../kit/run-context.js';
import { exitCodes } from '../../kit/exit-codes.js';

// The sandbox's fault modes (src/sandbox/http.ts), repeated so that help and completion do not load the sandbox.
const FAULTS = ['reset', 'truncate', 'rate-limit', 'slow', 'html', 'bad-shape', 'not-json'] as const;
// MAX_TIME_SCALE of src/sandbox/time.ts, for the same reason.
const MAX_TIME_SCALE = 100_000;

interface RawFlags {
  port?: string;
  seed?: string;
  events?: string;
  latency?: string;
  failRate?: string;
  now?: string;
  timeScale?: string;
  fault?: string;
  faultRate?: string;
  largeSales?: string;
  requestLog?: string;
}

export function sandboxCommand(): Command {
  const command = new Command('sandbox')
    .summary('run the local sandbox API in the foreground')
    .description(
      'Run the sandbox, a local implementation of the partner API over generated data, until Ctrl-C.\nIt prints its base URL and API keys on stderr; point tix (or curl) at it with TIX_BASE_URL and TIX_API_KEY.',
    )
    .option('--port <n>', 'port on 127.0.0.1 (default: any free port)')
    .option('--seed <n>', 'seed of the generated world: its events, dates and ids, the same whatever --now (default: 42)')
    .option('--events <n>', 'number of events (default: 2000)')
    .option('--latency <ms>', 'milliseconds added to every response (default: 0)')
    .option('--fail-rate <fraction>', 'fraction of requests answered 503, 0-1 (default: 0)')
    .option('--now <iso>', "the sandbox's clock, an ISO 8601 date-time, or YYYY-MM-DD for its midnight UTC (default: the real time)")
    .option(
      '--time-scale <factor>',
      `run the clock this many times as fast as real time, from --now, 1-${MAX_TIME_SCALE} (900: inventory refreshes every second)`,
    )
    .addOption(withValues(new Option('--fault <mode>', `misbehave on purpose: ${FAULTS.join(' | ')}`), FAULTS))
    .option('--fault-rate <fraction>', 'fraction of requests --fault applies to, 0-1 (default: 1)')
    .option('--large-sales <n>', 'give one event this many sales (its id is printed), for big exports')
    .option('--request-log <n>', 'requests the sandbox keeps a record of, the oldest dropped first, 1-1000000 (default: 10000)');
  addExamples(command, [
    { description: 'A sandbox on a fixed port', command: 'tix sandbox --port 8787' },
    { description: 'A flaky, slow sandbox for trying retries', command: 'tix sandbox --latency 200 --fail-rate 0.3' },
    { description: "A sandbox whose inventory changes every second, for trying 'tix watch'", command: 'tix sandbox --time-scale 900' },
  ]);
  exitCodes(command, { [ExitCode.ERROR]: 'the sandbox could not start (its port taken, say), or an unexpected error' });
  seeAlso(command, { guides: ['sandbox.md'] });
  return command.action(async (flags: RawFlags, cmd: Command) => {
    const proc = runOf(cmd).process;
    const { startSandbox, SANDBOX_API_KEY, SANDBOX_NOSALES_KEY } = await import('../../../sandbox/index.js');
    const options = parseSandboxFlags(flags);
    const sandbox = await startSandbox(options).catch((error: unknown) => {
      throw listenError(error, options.port ?? 0);
    });
    // Listen for the stop signals before saying "listening": a supervisor may send SIGTERM as soon as it reads that.
    const stopped = new Promise<void>((resolve) => {
      const stopListening = proc.onStopSignal(() => {
        stopListening();
        resolve();
      });
    });
    proc.stderr.write(
      [
        `tix sandbox listening on ${sandbox.url}`,
        `  API key (full access):  ${SANDBOX_API_KEY}`,
        `  API key (no sales):     ${SANDBOX_NOSALES_KEY}`,
        `  events: ${sandbox.events.length.toLocaleString('en-US')}${sandbox.largeSalesEventId ? `; large sales event (stubhub): ${sandbox.largeSalesEventId}` : ''}`,
        ...(options.timeScale === undefined
          ? []
          : [`  clock: ${options.timeScale}x real time, now ${new Date(sandbox.now()).toISOString()}`]),
        `Try: TIX_BASE_URL=${sandbox.url} TIX_API_KEY=${SANDBOX_API_KEY} tix events search --category concerts`,
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
    await stopped;
    await sandbox.close();
    proc.stderr.write('tix sandbox stopped\n');
  });
}

/**
 * A port that is taken, or privileged, is a conflict with the machine rather than a malformed flag: exit 1,
 * as gh and wrangler do, with what to do about it instead of Node's `listen EADDRINUSE`.
 */
function listenError(error: unknown, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `cannot listen on 127.0.0.1:${port}`;
  if (code === 'EADDRINUSE')
    return new TixError(`${where}: the port is in use; choose another --port, or 0 for any free port`, ExitCode.ERROR);
  if (code === 'EACCES')
    return new TixError(
      `${where}: permission denied (ports below 1024 need privileges); choose a --port from 1024, or 0 for any free port`,
      ExitCode.ERROR,
    );
  return error;
}

function fraction(flag: string, raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new UsageError(`${flag} must be a number from 0 to 1, not '${raw}'`);
  }
  return value;
}

export function parseSandboxFlags(flags: RawFlags) {
  const options: import('../../../sandbox/index.js').SandboxOptions = {};
  if (flags.port !== undefined) options.port = parseWholeNumber('--port', flags.port, 0, 65535);
  if (flags.seed !== undefined) options.seed = parseWholeNumber('--seed', flags.seed, 0, 2 ** 31 - 1);
  if (flags.events !== undefined) options.events = parseWholeNumber('--events', flags.events, 1, 2_000_000);
  if (flags.latency !== undefined) options.latencyMs = parseWholeNumber('--latency', flags.latency, 0, 600_000);
  if (flags.failRate !== undefined) options.failRate = fraction('--fail-rate', flags.failRate);
  if (flags.faultRate !== undefined) options.faultRate = fraction('--fault-rate', flags.faultRate);
  if (flags.requestLog !== undefined) options.requestLog = parseWholeNumber('--request-log', flags.requestLog, 1, 1_000_000);
  if (flags.largeSales !== undefined) options.largeSalesEvent = parseWholeNumber('--large-sales', flags.largeSales, 1, 20_000_000);
  if (flags.fault !== undefined) {
    if (!(FAULTS as readonly string[]).includes(flags.fault))
      throw new UsageError(`--fault must be one of ${FAULTS.join(', ')}, not '${flags.fault}'`);
    options.fault = flags.fault as (typeof FAULTS)[number];
  }
  if (flags.now !== undefined) options.now = parseInstantFlag('--now', flags.now);
  if (flags.timeScale !== undefined) {
    const factor = Number(flags.timeScale);
    if (flags.timeScale.trim() === '' || !(factor >= 1 && factor <= MAX_TIME_SCALE)) {
      throw new UsageError(`--time-scale must be a number from 1 to ${MAX_TIME_SCALE}, not '${printable(flags.timeScale)}'`);
    }
    options.timeScale = factor;
  }
  return options;
}
