// The rules between the folders of src/, as data, and the checks the dependency test runs against them.
// ARCHITECTURE.md explains them; this file is what enforces them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * src/<folder> by layer, lowest first: a file may import its own folder and the folders of lower layers,
 * never a folder of its own layer or a higher one. The middle is ordered by what it uses: the store keeps
 * market figures, the config checks a PostgreSQL URL with the store's parser, recording (what track and watch
 * --record do, alert delivery) uses the API, the store and the settings.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['shared'],
  ['api', 'output'],
  ['market', 'sandbox'],
  ['store'],
  ['config'],
  ['recording'],
  ['cli'],
];

/** One import of one source file: paths relative to src/, with .ts (`x.js` in the source means `x.ts`). */
export interface Import {
  from: string;
  to: string;
}

/**
 * Every relative import of every src/**\/*.ts: static, `import type`, `export ... from`, side-effect and
 * dynamic `import()` (also `typeof import()`). A regular expression over the source with its comment lines
 * removed: TypeScript 7 has no stable compiler API in JavaScript, and tix's imports are plain.
 */
export function sourceImports(srcRoot: string): Import[] {
  const files = (readdirSync(srcRoot, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  return files.flatMap((file) =>
    specifiers(readFileSync(join(srcRoot, file), 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: slash(file), to: slash(relative(srcRoot, resolve(srcRoot, dirname(file), spec.replace(/\.js$/, '.ts')))) })),
  );
}

const STATIC_IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module specifiers a source file imports, comment lines (`//`, `/*`, ` *`) left out. */
export function specifiers(source: string): string[] {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return [STATIC_IMPORT, SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT].flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

/** What is wrong with one import, or undefined when the rules allow it. */
export function upwardImport({ from, to }: Import): string | undefined {
  const [fromFolder, toFolder] = [from.split('/')[0]!, to.split('/')[0]!];
  if (fromFolder !== toFolder) {
    const [fromLayer, toLayer] = [layerOf(fromFolder), layerOf(toFolder)];
    if (toLayer >= fromLayer)
      return `src/${fromFolder} may not import src/${toFolder} (${toLayer === fromLayer ? 'same layer' : 'a higher layer'})`;
    return undefined;
  }
  if (fromFolder === 'cli') return cliRule(from.slice(4), to.slice(4));
  return undefined;
}

/**
 * Inside src/cli, from the top: main.ts and fast.ts (the real process: the full path, the fast path) > run-tix.ts (one run, in any process: the tests'
 * too) > program.ts > commands/registry.ts > commands/<noun>/ > kit/.
 * A command's folder imports kit/ and itself, never another command's folder (what two commands share
 * belongs in kit/); kit/ imports none of the above.
 */
function cliRule(from: string, to: string): string | undefined {
  const rank = (path: string) =>
    path === 'main.ts' || path === 'fast.ts'
      ? 5
      : path === 'run-tix.ts'
        ? 4
        : path === 'program.ts'
          ? 3
          : path === 'commands/registry.ts'
            ? 2
            : path.startsWith('commands/')
              ? 1
              : path.startsWith('kit/')
                ? 0
                : -1;
  const [fromRank, toRank] = [rank(from), rank(to)];
  if (fromRank < 0 || toRank < 0)
    return `src/cli/${fromRank < 0 ? from : to} is outside main.ts, fast.ts, run-tix.ts, program.ts, commands/ and kit/`;
  if (fromRank === 1 && toRank === 1) {
    const noun = (path: string) => path.split('/')[1];
    return noun(from) === noun(to)
      ? undefined
      : `commands/${noun(from)} may not import commands/${noun(to)} (move what they share to kit/)`;
  }
  if (toRank > fromRank || (toRank === fromRank && fromRank !== 0)) return `cli/${from} may not import cli/${to} (it is above it)`;
  return undefined;
}

function layerOf(folder: string): number {
  const layer = LAYERS.findIndex((folders) => folders.includes(folder));
  if (layer < 0) throw new Error(`src/${folder} is in no layer: add it to LAYERS in test/architecture/dependency-rules.ts`);
  return layer;
}

/** Every import cycle (type-only imports included), each as the files around it, first file repeated at the end. */
export function importCycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const { from, to } of imports) edges.set(from, [...(edges.get(from) ?? []), to]);
  // Tarjan's strongly connected components: every component of more than one file (or a file importing itself) holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(cycleThrough(file, new Set(component), edges));
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** One concrete cycle from `start` back to it inside its component (breadth-first, so the shortest). */
function cycleThrough(start: string, component: Set<string>, edges: Map<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

function slash(path: string): string {
  return path.split('\\').join('/');
}
