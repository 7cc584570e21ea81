import { ExitCode, SilentExit, TixError } from '../../shared/errors.js';

/**
 * Writes an error to stderr as one line and returns the exit code. With -o json or -o ndjson the same
 * error also goes out as one JSON line, so scripts that parse output can parse failures too.
 */
export function reportError(error: unknown, argv: readonly string[], stderr: NodeJS.WritableStream): number {
  if (error instanceof SilentExit) return error.exitCode;
  const known = error instanceof TixError;
  const exitCode: number = known ? error.exitCode : ExitCode.ERROR;
  const message = known
    ? error.message
    : tooDeep(error)
      ? TOO_DEEP
      : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  const status = known ? (error as TixError & { status?: number }).status : undefined;

  stderr.write(`tix: ${oneLine(message)}\n`);
  if (wantsJson(argv)) {
    stderr.write(`${JSON.stringify({ error: { code: exitCode, ...(status ? { status } : {}), message } })}\n`);
  }
  if (!known && argv.includes('--debug') && error instanceof Error && error.stack) {
    stderr.write(`${error.stack}\n`);
  }
  return exitCode;
}

/**
 * The message as one line of plain text. Parts of it come from the server (its error message, a parser's
 * quote of its body), so control characters are shown escaped: a stray carriage return or terminal escape
 * sequence must not rewrite the user's screen or split the line a script reads.
 */
function oneLine(message: string): string {
  return message
    .replace(/\s*\n\s*/g, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function wantsJson(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') return true;
    if ((arg === '-o' || arg === '--output') && /^(nd)?json$/.test(argv[i + 1] ?? '')) return true;
    if (/^(-o|--output=)(nd)?json$/.test(arg)) return true;
  }
  return false;
}

/**
 * JSON nested deeper than the stack lets JavaScript read or write it (`[[[[...]]]]` thousands deep, from an
 * API or a proxy) overflows the stack wherever tix first handles it: that is the data, which asking again
 * will not change (exit 1), not a fault of tix to report as unexpected.
 */
const TOO_DEEP = 'the data is JSON nested too deeply for tix to read or write (its arrays and objects go thousands of levels deep)';

function tooDeep(error: unknown): boolean {
  return error instanceof RangeError && error.message === 'Maximum call stack size exceeded';
}
