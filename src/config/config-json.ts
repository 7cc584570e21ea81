/** What config.json holds once checked: profiles of settings, each a string, number or boolean. */
export type StoredValue = string | number | boolean;
export type StoredShape = { profiles?: Record<string, Record<string, StoredValue>> };

/** The file's text is not a config tix can use; the message says what and where, without the path. */
export class ConfigContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigContentError';
  }
}

/**
 * Parses config.json and checks its shape, so that a hand-edited file is refused with a reason instead of
 * being read as empty (an array, null) or rewritten into nonsense (a profile that is a string).
 */
export function parseConfigJson(text: string): StoredShape {
  // Editors on Windows may start the file with a byte-order mark, which JSON.parse refuses.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    throw new ConfigContentError(`not valid JSON: ${jsonMessage(error)} at ${lineAndColumn(body, errorOffset(body))}`);
  }
  if (!isObject(data)) throw new ConfigContentError(`it holds ${kindOf(data)}, not an object such as {"profiles": {}}`);
  const profiles = data.profiles;
  if (profiles === undefined) return data;
  if (!isObject(profiles)) throw new ConfigContentError(`"profiles" is ${kindOf(profiles)}, not an object of profiles`);
  for (const [name, profile] of Object.entries(profiles)) {
    if (!isObject(profile)) throw new ConfigContentError(`profile '${name}' is ${kindOf(profile)}, not an object of settings`);
    for (const [key, value] of Object.entries(profile)) {
      const allowed = key === 'api-key' ? typeof value === 'string' : ['string', 'number', 'boolean'].includes(typeof value);
      if (!allowed) {
        const wanted = key === 'api-key' ? 'a string' : 'a string, number or boolean';
        throw new ConfigContentError(`'${key}' in profile '${name}' is ${kindOf(value)}, not ${wanted}`);
      }
    }
  }
  return data as StoredShape;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** V8's message without its own position or its quote of the text, which the line and column replace. */
function jsonMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, (\.\.\.)?".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
}

/**
 * Where parsing fails. V8 names the position for some errors only ("Unexpected token 'g', ..." has none), so
 * it is found the same way for all: the shortest prefix that fails before its end ends at the bad character.
 * A shorter prefix is valid JSON cut short (V8 then reports the end of input, or a position at its end), so
 * the search is sound.
 */
function errorOffset(text: string): number {
  const failsBeforeEnd = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const position = / at position (\d+)/.exec(message)?.[1];
      return !message.startsWith('Unexpected end of JSON input') && !(position !== undefined && Number(position) >= length);
    }
  };
  if (!failsBeforeEnd(text.length)) return text.length;
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (failsBeforeEnd(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length} column ${before[before.length - 1]!.length + 1}`;
}
