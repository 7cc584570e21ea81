import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, sourceImports, specifiers, upwardImport, type Import } from './dependency-rules.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('the module dependencies of src/ (rules: ARCHITECTURE.md)', () => {
  const imports = sourceImports(SRC);

  it('finds the imports of every kind', () => {
    expect(imports.length).toBeGreaterThan(500);
    // A dynamic import (the lazy half of a command) and an `import type` are both seen.
    expect(imports).toContainEqual({ from: 'cli/commands/events/search.ts', to: 'cli/commands/events/search-run.ts' });
    expect(imports).toContainEqual({ from: 'cli/commands/watch/watch.ts', to: 'cli/commands/watch/watch-run.ts' });
  });

  it('has no import that points up the layers', () => {
    const wrong = imports.flatMap((i) => {
      const why = upwardImport(i);
      return why ? [`src/${i.from} imports src/${i.to}: ${why}`] : [];
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const cycles = importCycles(imports).map((cycle) => cycle.map((file) => `src/${file}`).join(' -> '));
    expect(cycles, cycles.join('\n')).toEqual([]);
  });
});

describe('the dependency rules themselves', () => {
  const check = (from: string, to: string) => upwardImport({ from, to });

  it('let a layer import lower layers and its own folder', () => {
    expect(check('cli/kit/runtime.ts', 'api/client.ts')).toBeUndefined();
    expect(check('market/fetch-inventory.ts', 'shared/concurrency.ts')).toBeUndefined();
    expect(check('store/duckdb.ts', 'store/store.ts')).toBeUndefined();
  });

  it('refuse an upward or sideways import between folders', () => {
    expect(check('config/keys.ts', 'cli/kit/parse/dates.ts')).toMatch(/src\/config may not import src\/cli \(a higher layer\)/);
    expect(check('shared/errors.ts', 'api/errors.ts')).toMatch(/a higher layer/);
    expect(check('market/figures.ts', 'sandbox/index.ts')).toMatch(/same layer/);
    expect(check('store/duckdb.ts', 'config/keys.ts')).toMatch(/a higher layer/);
  });

  it('keep commands apart and kit below them', () => {
    expect(check('cli/commands/watch/watch.ts', 'cli/kit/parse/ids.ts')).toBeUndefined();
    expect(check('cli/commands/watch/watch.ts', 'cli/commands/events/get.ts')).toMatch(/commands\/watch may not import commands\/events/);
    expect(check('cli/kit/present.ts', 'cli/commands/events/view-text.ts')).toMatch(/above it/);
    expect(check('cli/commands/registry.ts', 'cli/commands/events/get.ts')).toBeUndefined();
    expect(check('cli/program.ts', 'cli/commands/registry.ts')).toBeUndefined();
    expect(check('cli/kit/runtime.ts', 'cli/program.ts')).toMatch(/above it/);
  });

  it('read every kind of import and skip comments', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      'import {',
      '  c,',
      '  type C,',
      "} from './c.js';",
      "export { d } from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
      "let g: typeof import('./g.js');",
      "// import { h } from './h.js';",
      " * (`await import('./i.js')`)",
      "import { Command } from 'commander';",
    ].join('\n');
    expect(specifiers(source).sort()).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', 'commander']);
  });

  it('name the files around a cycle', () => {
    const imports: Import[] = [
      { from: 'a.ts', to: 'b.ts' },
      { from: 'b.ts', to: 'c.ts' },
      { from: 'c.ts', to: 'a.ts' },
      { from: 'c.ts', to: 'd.ts' },
    ];
    expect(importCycles(imports)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(importCycles([{ from: 'a.ts', to: 'a.ts' }])).toEqual([['a.ts', 'a.ts']]);
    expect(importCycles(imports.slice(0, 2))).toEqual([]);
  });
});
