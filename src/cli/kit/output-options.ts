import { extname } from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { printable } from '../../shared/printable.js';
import {
  EXCEL_SAFE_FORMATS,
  KNOWN_EXTENSIONS,
  extensionOf,
  formatOfExtension,
  isForPeople,
  keepsNumberText,
  needsFile,
  takesExcelSafe,
  type Format,
} from '../../output/formats.js';
import type { Runtime } from './runtime.js';

export interface RawOutputFlags {
  output?: string;
  json?: boolean;
  fields?: string;
  header?: boolean;
  out?: string;
  excelSafe?: boolean;
  /** `--chart` (sales summary, history): text for people, so `--out` may have any name but a data format's. */
  chart?: boolean;
}

export interface OutputOptions {
  format: Format;
  fields?: string[];
  header: boolean;
  /** Where to write instead of stdout (out-target.ts); never '-', which is stdout. */
  out?: string;
  excelSafe: boolean;
  /** `--jq <filter>` (a global flag): JSON output, each line of it run through the filter (kit/jq.ts). */
  jq?: string;
}

export function parseOutputOptions(flags: RawOutputFlags, rt: Runtime): OutputOptions {
  // `--out -` is stdout, as for curl -o - and tar -f -: everything then goes as without --out.
  const out = flags.out === '-' ? undefined : flags.out;
  if (out !== undefined && out.trim() === '') throw new UsageError('--out needs a file name');
  const { sources, values } = rt.settings;
  const chosen = sources.output === 'default' ? undefined : values.output;
  // `--out sales.csv` means CSV unless a format was asked for; otherwise a table for people, JSON for programs.
  const jq = rt.globals.jq;
  if (jq !== undefined) return jqOutputOptions(flags, rt, jq, out);
  const fromExtension = out !== undefined && sources.output !== 'flag' ? formatOfFile(out, flags.chart === true) : undefined;
  const format: Format = chosen ?? fromExtension ?? (rt.io.stdout.isTTY && out === undefined ? 'table' : 'json');

  const options: OutputOptions = { format, header: flags.header !== false, excelSafe: flags.excelSafe === true };
  if (out !== undefined) options.out = out;
  if (flags.fields !== undefined) options.fields = parseFields(flags.fields);
  if (needsFile(format) && out === undefined) {
    throw new UsageError(`--output ${format} writes a binary file, not text for stdout: give --out FILE${extensionOf(format)}`);
  }
  if (options.excelSafe && !takesExcelSafe(format)) throw excelSafeRefusal(format);
  rt.keepDigits = keepsNumberText(format);
  return options;
}

/**
 * `--jq` implies JSON: -o json or -o ndjson (the filter then runs over each record) may be given, any other
 * -o, --fields, --excel-safe or --chart is refused. A TIX_OUTPUT or profile setting is a preference and gives
 * way. `--out FILE` takes the filter's results, written atomically as every --out file; its extension
 * chooses nothing.
 */
function jqOutputOptions(flags: RawOutputFlags, rt: Runtime, jq: string, out: string | undefined): OutputOptions {
  const { sources, values } = rt.settings;
  const asked = sources.output === 'flag' ? values.output : undefined;
  if (asked !== undefined && asked !== 'json' && asked !== 'ndjson') {
    throw new UsageError(`--jq and --output ${asked} cannot be combined: --jq filters JSON output`);
  }
  if (flags.fields !== undefined) throw new UsageError('--jq and --fields cannot be combined: pick the fields in the filter');
  if (flags.excelSafe === true) throw new UsageError('--jq and --excel-safe cannot be combined: --jq filters JSON output');
  if (flags.chart === true) throw new UsageError('--jq and --chart cannot be combined: a chart is not JSON');
  const options: OutputOptions = { format: asked ?? 'json', header: true, excelSafe: false, jq };
  if (out !== undefined) options.out = out;
  return options;
}

/**
 * The format a file's extension names; undefined for a file without one. An extension tix does not know is
 * refused rather than guessed: `--out report.xlsx` would otherwise be JSON under a spreadsheet's name. It is
 * checked even when a TIX_OUTPUT or profile setting would choose the format: that setting is a preference,
 * not an answer for this file; only -o on the command line (or --chart, whose file is text) makes any name
 * acceptable.
 */
function formatOfFile(file: string, chart: boolean): Format | undefined {
  const extension = extname(file).toLowerCase();
  if (extension === '') return undefined;
  const format = formatOfExtension(extension);
  // A chart is text: `--out chart.txt` names no data format, which refuseChartAsData checks.
  if (format === undefined && !chart) {
    throw new UsageError(
      `--out: unknown file extension '${printable(extname(file))}'; use one of ${KNOWN_EXTENSIONS.join(', ')}, or give -o`,
    );
  }
  return format;
}

/** `--excel-safe` given with a format it does not apply to. */
export function excelSafeRefusal(format: Format): UsageError {
  return new UsageError(`--excel-safe applies to ${EXCEL_SAFE_FORMATS.join(' and ')} output, not ${format}`);
}

/** Reads `--fields a,b.c`: comma-separated column names, spaces around them ignored, duplicates dropped. */
export function parseFields(raw: string): string[] {
  const fields = raw.split(',').map((f) => f.trim());
  if (fields.length === 0 || fields.some((f) => f === '')) {
    throw new UsageError("--fields must be a comma-separated list of field names, such as 'id,name,eventDate'");
  }
  const bad = fields.find((f) => !/^[\w$@-]+(\.[\w$@-]+)*$/.test(f));
  if (bad) throw new UsageError(`--fields: '${bad}' is not a field name (letters, digits, _ - $ @, dots for nested fields)`);
  return [...new Set(fields)];
}

/**
 * Refuses --chart with a data format asked for by -o/--json or by --out's extension (`--out c.csv`): a chart
 * is for people, and a file named for data must not get one. A setting (TIX_OUTPUT, a profile) is a
 * default and does not count; `--out chart.txt` names no format and gets the chart as text, and
 * `--out chart.svg` gets it as SVG from a command that draws one (`drawsSvg`), and is refused by the others
 * rather than given text under a picture's name.
 */
export function refuseChartAsData(flags: RawOutputFlags, output: OutputOptions, drawsSvg = false): void {
  if (!drawsSvg && chartDrawing(output) === 'svg') {
    throw new UsageError(`--chart draws text here, not SVG: give --out another extension than .svg, such as .txt`);
  }
  if (isForPeople(output.format)) return;
  if (flags.output !== undefined) throw new UsageError(`--chart draws for people; it cannot be combined with --output ${output.format}`);
  if (flags.out !== undefined && formatOfExtension(extname(flags.out).toLowerCase()) !== undefined) {
    throw new UsageError(
      `--chart draws for people; it cannot be combined with --out ${flags.out}, which names ${output.format} data (give another extension, such as .txt)`,
    );
  }
}

/** How `--chart` draws: SVG for an `--out` file named `.svg` (any case), text for the terminal or any other file. */
export function chartDrawing(output: OutputOptions): 'text' | 'svg' {
  return output.out !== undefined && extname(output.out).toLowerCase() === '.svg' ? 'svg' : 'text';
}
