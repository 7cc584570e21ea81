// Types of reference-pages.mjs for test/help/reference.test.ts.
import type { Command } from 'commander';

export interface ReferenceTree {
  buildProgram: () => Command;
  EXIT_CODE_MEANINGS: readonly (readonly [code: string, meaning: string])[];
  ENVIRONMENT: string;
  examplesOf: (command: Command) => readonly { description: string; command: string }[];
}

/** Path from the repository root -> the page's text. */
export function referencePages(tree: ReferenceTree, version: string): Map<string, string>;
