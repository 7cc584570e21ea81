/**
 * The one table of output formats: what each is called, which files it is chosen for, and the properties
 * the rest of tix asks about instead of naming formats. Adding a format means a row here and its writer in
 * row-writer.ts (which the type checker demands for every row format). The writers themselves are not in
 * this table: it is loaded at start-up (help, settings), the writers only by the chunk that runs a command.
 */
interface FormatSpec {
  /** File extensions (lower case, with the dot) that choose this format for `--out FILE`. */
  readonly extensions: readonly string[];
  /** Where its extensions come in the list an unknown extension's refusal names (a stable, familiar order). */
  readonly extensionRank: number;
  /** One row per record through a row writer; false for json, which is the payload (or one document). */
  readonly rows: boolean;
  /** Drawn for a person to read: a table with its header lines and totals, fitted to the terminal's width. */
  readonly forPeople: boolean;
  /** Binary, so written only to a file (`--out`), never to stdout; hence never the output setting either. */
  readonly needsFile: boolean;
  /** Takes `--excel-safe`: a text cell a spreadsheet would run as a formula is defused. */
  readonly excelSafe: boolean;
  /** Each row is any JSON value: a list item that is not an object is written as it is, not wrapped. */
  readonly jsonValues: boolean;
  /**
   * Writes a number a double cannot hold with the digits the API sent (shared/exact-number.ts); the others
   * write the double (docs/output.md#numbers).
   */
  readonly numberText: boolean;
}

/** csv and tsv differ only in their names (and their writers' separators). */
const DELIMITED = { rows: true, forPeople: false, needsFile: false, excelSafe: true, jsonValues: false, numberText: true } as const;

const TABLE = {
  table: {
    extensions: [],
    extensionRank: 0,
    rows: true,
    forPeople: true,
    needsFile: false,
    excelSafe: false,
    jsonValues: false,
    numberText: false,
  },
  json: {
    extensions: ['.json'],
    extensionRank: 3,
    rows: false,
    forPeople: false,
    needsFile: false,
    excelSafe: false,
    jsonValues: false,
    numberText: false,
  },
  ndjson: {
    extensions: ['.ndjson', '.jsonl'],
    extensionRank: 4,
    rows: true,
    forPeople: false,
    needsFile: false,
    excelSafe: false,
    jsonValues: true,
    numberText: false,
  },
  csv: { extensions: ['.csv'], extensionRank: 1, ...DELIMITED },
  tsv: { extensions: ['.tsv'], extensionRank: 2, ...DELIMITED },
  parquet: {
    extensions: ['.parquet'],
    extensionRank: 5,
    rows: true,
    forPeople: false,
    needsFile: true,
    excelSafe: false,
    jsonValues: false,
    numberText: false,
  },
} as const satisfies Record<string, FormatSpec>;

export type Format = keyof typeof TABLE;

/** Every value `-o, --output` accepts, in the order help and errors list them. */
export const FORMATS = Object.keys(TABLE) as Format[];

/** The formats that print one row per record (everything but `json`, which is the payload untouched). */
export type RowFormat = { [F in Format]: (typeof TABLE)[F]['rows'] extends true ? F : never }[Format];

/** The formats the output setting (TIX_OUTPUT, `config set output`) accepts: a default must work on stdout. */
export const SETTING_FORMATS = FORMATS.filter((format) => !TABLE[format].needsFile);

/** The formats `--excel-safe` applies to. */
export const EXCEL_SAFE_FORMATS = FORMATS.filter((format) => TABLE[format].excelSafe);

/** Every extension `--out FILE` knows, in the order a refusal lists them. */
export const KNOWN_EXTENSIONS = [...FORMATS]
  .sort((a, b) => TABLE[a].extensionRank - TABLE[b].extensionRank)
  .flatMap((format) => TABLE[format].extensions);

export function isFormat(value: string): value is Format {
  return Object.hasOwn(TABLE, value);
}

/** json: one JSON document (the payload as sent, or a list), where the other formats write rows. */
export function isDocument(format: Format): format is Exclude<Format, RowFormat> {
  return !TABLE[format].rows;
}

/** csv and tsv: a number a double cannot hold is written as the API wrote it. */
export function keepsNumberText(format: Format): boolean {
  return TABLE[format].numberText;
}

export function isForPeople(format: Format): boolean {
  return TABLE[format].forPeople;
}

export function needsFile(format: Format): boolean {
  return TABLE[format].needsFile;
}

export function takesExcelSafe(format: Format): boolean {
  return TABLE[format].excelSafe;
}

export function writesJsonValues(format: Format): boolean {
  return TABLE[format].jsonValues;
}

/** The format `--out FILE` chooses by its extension (lower case, with the dot); undefined for one tix does not know. */
export function formatOfExtension(extension: string): Format | undefined {
  return FORMATS.find((format) => (TABLE[format].extensions as readonly string[]).includes(extension));
}

/** The format's first extension, for messages that show a file name (`--out FILE.parquet`). */
export function extensionOf(format: Format): string {
  return TABLE[format].extensions[0] ?? '';
}
