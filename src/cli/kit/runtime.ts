import type { ApiClient } from '../../api/client.js';
import { ExitCode, TixError, UsageError } from '../../shared/errors.js';
import { resolveSettings, type ResolvedSettings } from '../../config/settings.js';
import type { SettingKey } from '../../config/keys.js';
import type { Sandbox } from '../../sandbox/index.js';
import { VERSION } from '../../shared/version.js';
import type { Invocation } from './invocation.js';
import { JqAhead } from './jq.js';
import { keepCompilersLean } from './lean-heap.js';
import { isPostgresUrl } from '../../store/postgres-url.js';

/** Options every command accepts (defined on the program, usable before or after the subcommand). */
export interface GlobalOptions {
  profile?: string;
  sandbox?: boolean;
  baseUrl?: string;
  debug?: boolean;
  quiet?: boolean;
  color?: boolean;
  timeout?: string;
  retries?: string;
  insecureHttp?: boolean;
  /** `--jq <filter>`: run over the JSON output (kit/jq.ts); read by parseOutputOptions. */
  jq?: string;
}

/** What a run function needs from the outside world; tests pass their own. */
export interface IO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  now: () => Date;
}

/**
 * The longest an interrupted run waits for its stopping work (whenStopped, whileStopping) before it exits
 * anyway: time to record a few deliveries in a store, or for a cancel request to reach a database server.
 */
const STOP_GRACE_MS = 5000;

/** Command-line flags that are also settings (flag > environment > profile > default). */
const SETTING_FLAGS: Partial<Record<SettingKey, string>> = {
  'base-url': 'baseUrl',
  output: 'output',
  timezone: 'tz',
  provider: 'provider',
  'page-size': 'pageSize',
  concurrency: 'concurrency',
  timeout: 'timeout',
  retries: 'retries',
  db: 'db',
  'sql-db': 'sqlDb',
};

/**
 * Under --sandbox the price history is the sandbox's own file unless --db names one on the command line:
 * TIX_DB and the db setting name the real API's history (perhaps a team's), which generated events must
 * never reach.
 */
async function withSandboxHistory(settings: ResolvedSettings, env: NodeJS.ProcessEnv): Promise<ResolvedSettings> {
  if (settings.sources.db === 'flag') return settings;
  const { sandboxHistoryLocation } = await import('../../store/location.js');
  return {
    ...settings,
    values: { ...settings.values, db: sandboxHistoryLocation(env) },
    sources: { ...settings.sources, db: 'default' },
  };
}

/**
 * The per-run context shared by every command: resolved settings, the API client (created on first use),
 * stderr notes and the debug trace, and the cancellation signal.
 */
export class Runtime {
  readonly controller = new AbortController();
  private clientPromise?: Promise<ApiClient>;
  /** --jq's jq, started as the run begins (runCommand) for the run's --jq sink to take; ended at close. */
  jqAhead?: JqAhead;

  /**
   * With --jq, starts jq now, so that it loads while the command does its requests (kit/jq.ts), or takes `early`,
   * the one the entry point started for the same filter (kit/jq-early.ts).
   */
  startJqAhead(early?: JqAhead): void {
    const filter = this.globals.jq;
    if (early !== undefined && early.filter !== filter) early.stop();
    else if (early !== undefined) this.jqAhead ??= early;
    if (filter !== undefined) this.jqAhead ??= new JqAhead(filter, this.io.stderr, this.io.env);
  }
  /**
   * The run writes csv or tsv, which print the digits the API sent: its client keeps the text of numbers a
   * double cannot hold (api/exact-json.ts). Set by parseOutputOptions, which every command that prints the
   * API's data runs before it asks for the client.
   */
  keepDigits = false;

  private constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly settings: ResolvedSettings,
    /** TIX_SANDBOX_NOW under --sandbox: the instant the embedded sandbox and the run's clock stand at. */
    private readonly sandboxFixedNow?: string,
  ) {}

  /** `warned`: the run's settings were warned of already (the image a --jq handoff replaced did: jq-after-work.ts). */
  static async create(command: Invocation, io: IO, { warned = false }: { warned?: boolean } = {}): Promise<Runtime> {
    const all = command.optsWithGlobals() as GlobalOptions & Record<string, unknown>;
    // The sandbox has its own address; TIX_BASE_URL and the setting are overridden by --sandbox on purpose,
    // but a flag given in the same breath would be ignored without a word.
    if (all.sandbox === true && typeof all.baseUrl === 'string') {
      throw new UsageError('--sandbox and --base-url cannot be combined: the sandbox runs at an address of its own; give one of them');
    }
    const flags: Partial<Record<SettingKey, string>> = {};
    for (const [key, option] of Object.entries(SETTING_FLAGS) as [SettingKey, string][]) {
      const value = all[option];
      if (typeof value === 'string') flags[key] = value;
    }
    if (all.json === true) {
      if (typeof all.output === 'string' && all.output.toLowerCase() !== 'json') {
        throw new UsageError(`--json and --output ${all.output} disagree: give one of them`);
      }
      flags.output = 'json';
    }
    const resolved = await resolveSettings({
      flags,
      ...(all.profile !== undefined ? { profileFlag: all.profile } : {}),
      env: io.env,
      readConfig: async () => (await import('../../config/store.js')).ConfigStore.read(io.env),
    });
    const settings = all.sandbox === true ? await withSandboxHistory(resolved, io.env) : resolved;
    // The sandbox's fixed clock is tix's too: `--from -30d`, `--sales-days` and "today" count from the instant
    // the sandbox lists at, or a guide's example would ask the fixed world about the real month.
    const fixedNow = all.sandbox === true ? sandboxNow(io.env.TIX_SANDBOX_NOW) : undefined;
    const rt = new Runtime(fixedNow === undefined ? io : { ...io, now: () => new Date(fixedNow) }, all, settings, fixedNow);
    if (warned) {
      rt.configProblemShown = true;
      return rt;
    }
    if (settings.configWarning) rt.warn(settings.configWarning);
    // Key and base URL from elsewhere: the run surely goes on without the file, so say so now, not at the end.
    if (all.sandbox || (settings.apiKey && settings.values['base-url'])) rt.warnConfigFileIgnored();
    return rt;
  }

  private configProblemShown = false;

  /**
   * For commands that read or change the config file itself, and runs that need what it may hold (the key,
   * the base URL): a config file tix could not use fails them, with its problem (exit 1).
   */
  requireConfigFile(): void {
    const problem = this.settings.configProblem;
    if (!problem) return;
    this.configProblemShown = true;
    throw problem;
  }

  /** Once per run, if the config file could not be used and the run did without it. */
  warnConfigFileIgnored(): void {
    const problem = this.settings.configProblem;
    if (!problem || this.configProblemShown) return;
    this.configProblemShown = true;
    this.warn(problem.warning);
  }

  /**
   * A DuckDB history is open, or about to be (a history command, its history not on PostgreSQL): its library
   * (~30 MB resident, for the rest of the process) leaves little of the 120 MB tix promises, so V8's
   * optimizing compilers stay off (lean-heap.ts). From the command's start, before they compile tix's own
   * code: Node.js 24, history list 118-123 -> 115-116 MB (set once the store was open: no gain).
   */
  historyAhead(): void {
    if (!isPostgresUrl(this.settings.values.db ?? '')) keepCompilersLean();
  }

  storeOpened(kind: 'duckdb' | 'postgres'): void {
    if (kind === 'duckdb') keepCompilersLean();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly #stopTasks = new Set<() => Promise<void>>();
  #stopping: Promise<unknown>[] = [];

  /**
   * Work that must still happen when Ctrl-C or SIGTERM stops the run (recording the alert deliveries already
   * made, releasing the rest): run after the signal, before tix exits (stoppingWork). Returns the function
   * that withdraws it once the work it protects is over.
   */
  whenStopped(task: () => Promise<void>): () => void {
    this.#stopTasks.add(task);
    return () => this.#stopTasks.delete(task);
  }

  /**
   * Work an interrupted run finishes before it exits (a cancel request on its way to a database server),
   * started by a listener of `signal`: the exit waits for it (stoppingWork).
   */
  whileStopping(work: Promise<unknown>): void {
    this.#stopping.push(work.catch(() => {}));
  }

  /**
   * What the exit of an interrupted run waits for, at most STOP_GRACE_MS: the stop tasks (started now) and the
   * work signal listeners started; undefined when there is nothing, and the exit is at once.
   */
  stoppingWork(): Promise<void> | undefined {
    const work = [...this.#stopping, ...[...this.#stopTasks].map((task) => task().catch(() => undefined))];
    if (work.length === 0) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_GRACE_MS);
    });
    return Promise.race([Promise.all(work).then(() => {}), grace]).finally(() => clearTimeout(timer));
  }

  get quiet(): boolean {
    return this.globals.quiet === true;
  }

  /** Colour only for a terminal, and never with --no-color or NO_COLOR (https://no-color.org). */
  colorFor(stream: { isTTY?: boolean }): boolean {
    return this.globals.color !== false && !this.io.env.NO_COLOR && stream.isTTY === true && this.io.env.TERM !== 'dumb';
  }

  /**
   * The width output must fit, in terminal cells: COLUMNS when it is a positive whole number (it overrides
   * the terminal, as for gh and ls), else the width of the terminal stdout shows on, else undefined: a
   * pipe or a file has no width, and a table for one is drawn whole rather than cut to a guess.
   */
  terminalWidth(): number | undefined {
    const fromEnv = Number(this.io.env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
    const columns = this.io.stdout.isTTY === true ? (this.io.stdout.columns ?? 0) : 0;
    return columns > 0 ? columns : undefined;
  }

  /** Charts need a width even in a pipe: the classic 80 columns when nothing says otherwise. */
  chartWidth(): number {
    return this.terminalWidth() ?? 80;
  }

  /** Table columns a narrow terminal left out: named in one note when the run ends, however many tables it drew. */
  leaveOutToFit(columns: readonly string[], width: number): void {
    for (const column of columns) this.leftOutToFit.add(column);
    this.fittedWidth = width;
  }

  private readonly leftOutToFit = new Set<string>();
  private fittedWidth = 0;

  private noteLeftOutToFit(): void {
    if (this.leftOutToFit.size === 0) return;
    const names = [...this.leftOutToFit];
    this.leftOutToFit.clear();
    const noun = names.length === 1 ? 'column' : 'columns';
    this.note(`tix: note: ${noun} ${names.join(', ')} left out to fit ${this.fittedWidth} columns; widen the terminal or use -o csv`);
  }

  /** A remark for the person at the terminal (stderr; silenced by --quiet). */
  note(message: string): void {
    if (!this.quiet) this.io.stderr.write(`${message}\n`);
  }

  /** Something the user must see even with --quiet. */
  warn(message: string): void {
    this.io.stderr.write(`tix: warning: ${message}\n`);
  }

  trace(line: string): void {
    if (this.globals.debug) this.io.stderr.write(`tix debug: ${line}\n`);
  }

  client(): Promise<ApiClient> {
    this.clientPromise ??= this.createClient();
    return this.clientPromise;
  }

  /** The API base URL in force: the sandbox's when --sandbox, else the resolved setting. */
  async baseUrl(): Promise<string> {
    if (this.globals.sandbox) return (await this.startSandbox()).url;
    const baseUrl = this.settings.values['base-url'];
    if (!baseUrl) {
      this.requireConfigFile();
      throw new UsageError("no API base URL: set it with 'tix config set base-url <url>', TIX_BASE_URL or --base-url (or try --sandbox)");
    }
    return baseUrl;
  }

  private async createClient(): Promise<ApiClient> {
    const baseUrl = await this.baseUrl();
    let apiKey = this.settings.apiKey;
    if (this.globals.sandbox) apiKey = (await import('../../sandbox/index.js')).SANDBOX_API_KEY;
    if (!apiKey) {
      this.requireConfigFile();
      const profile = this.settings.profile === 'default' ? '' : ` --profile ${this.settings.profile}`;
      throw new TixError(
        `no API key for profile '${this.settings.profile}': run 'tix auth login${profile}', set TIX_API_KEY, or try --sandbox`,
        ExitCode.AUTH,
      );
    }
    return this.clientWithKey(baseUrl, apiKey);
  }

  /** A client for a key that is not (yet) the profile's: `auth login` checks a key before storing it. */
  async clientWithKey(baseUrl: string, apiKey: string): Promise<ApiClient> {
    const { ApiClient } = await import('../../api/client.js');
    return new ApiClient({
      baseUrl,
      apiKey,
      timeoutMs: this.settings.values.timeout * 1000,
      retries: this.settings.values.retries,
      userAgent: `tix/${VERSION} node/${process.versions.node}`,
      signal: this.signal,
      env: this.io.env,
      insecureHttp: this.globals.insecureHttp === true,
      keepDigits: this.keepDigits,
      ...(this.globals.debug ? { trace: (line: string) => this.trace(line) } : {}),
    });
  }

  private sandboxPromise?: Promise<Sandbox>;

  private startSandbox(): Promise<Sandbox> {
    this.sandboxPromise ??= (async () => {
      const { startSandbox } = await import('../../sandbox/index.js');
      const now = this.sandboxFixedNow;
      const sandbox = await startSandbox(now === undefined ? {} : { now });
      const clock = now === undefined ? '' : ` (its clock fixed at ${now.replace('.000Z', 'Z')} by TIX_SANDBOX_NOW)`;
      this.note(`tix: using the sandbox: generated sample data from a local server, not the real API${clock}`);
      return sandbox;
    })();
    return this.sandboxPromise;
  }

  /** Lets go of what the run holds (jq, the client, the sandbox); again, does nothing. */
  async close(): Promise<void> {
    this.jqAhead?.stop();
    this.noteLeftOutToFit();
    const [clientPromise, sandboxPromise] = [this.clientPromise, this.sandboxPromise];
    this.clientPromise = undefined;
    this.sandboxPromise = undefined;
    const client = await clientPromise?.catch(() => undefined);
    await client?.close();
    const sandbox = await sandboxPromise?.catch(() => undefined);
    await sandbox?.close();
  }
}

/**
 * TIX_SANDBOX_NOW: the embedded sandbox's clock, fixed at that instant (docs/sandbox.md), so that the guides'
 * examples print what they show whatever the day; unset, the sandbox follows the real clock.
 */
function sandboxNow(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(text) && !Number.isNaN(Date.parse(text))) {
    return new Date(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'))).toISOString();
  }
  throw new UsageError(
    `TIX_SANDBOX_NOW: '${text}' is not an instant: give a date or a UTC time, such as 2025-12-01 or 2025-12-01T15:00:00Z`,
  );
}
