// The fast path's commands, derived from the registry (src/cli/commands/registry.ts): each entry with `fast`
// names the action its definition exports. The build turns them into the two lists start-up needs as
// literals: the actions dist/fast.cjs runs (the module 'tix:fast-actions' that src/cli/fast.ts imports,
// written here) and the first words bin/tix looks for before loading it (dist/fast-words.json).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root } from './bundle-tree.mjs';

const REGISTRY = join(root, 'src', 'cli', 'commands', 'registry.ts');

/**
 * `commands` is the registry's COMMANDS (importTreeModule, names kept): [{ words: 'events search', action:
 * 'eventsSearchAction', module: '/…/src/cli/commands/events/search.ts' }], in the registry's order. The action's
 * module is the one the registry imports it from.
 */
export function fastCommands(commands) {
  const modules = registryImports();
  return commands
    .filter((entry) => entry.fast !== undefined)
    .map((entry) => {
      const action = entry.fast.name;
      const module = modules.get(action);
      if (module === undefined) throw new Error(`registry: cannot tell which module ${action} comes from`);
      const words = [...(entry.parent === undefined ? [] : [entry.parent]), entry.build().name()].join(' ');
      return { words, action, module };
    });
}

/** Imported name -> the absolute .ts path, from the registry's `import { a, b } from './x.js';` lines. */
function registryImports() {
  const modules = new Map();
  for (const [, names, specifier] of readFileSync(REGISTRY, 'utf8').matchAll(/^import \{([^}]*)\} from '(\.[^']+)';/gm)) {
    const module = resolve(join(root, 'src', 'cli', 'commands'), specifier.replace(/\.js$/, '.ts'));
    for (const name of names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean))
      modules.set(name, module);
  }
  return modules;
}

/** The esbuild plugin that serves 'tix:fast-actions': `export const ACTIONS = { 'events search': eventsSearchAction, ... }`. */
export function fastActionsModule(fast) {
  return {
    name: 'fast-actions',
    setup(build) {
      build.onResolve({ filter: /^tix:fast-actions$/ }, (args) => ({ path: args.path, namespace: 'fast-actions' }));
      build.onLoad({ filter: /.*/, namespace: 'fast-actions' }, () => ({
        contents: [
          ...fast.map(({ action, module }) => `import { ${action} } from ${JSON.stringify(module)};`),
          `export const ACTIONS = { ${fast.map(({ words, action }) => `${JSON.stringify(words)}: ${action}`).join(', ')} };`,
        ].join('\n'),
        loader: 'ts',
        resolveDir: root,
      }));
    },
  };
}

/** dist/fast-words.json: the first words of the fast commands, which bin/tix reads before loading dist/fast.cjs. */
export function writeFastWords(out, fast) {
  const words = [...new Set(fast.map(({ words }) => words.split(' ')[0]))].sort();
  writeFileSync(join(out, 'fast-words.json'), `${JSON.stringify(words)}\n`);
}
