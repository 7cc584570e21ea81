// Types of reference-pages.mjs for test/help/reference.test.ts.
import type { Command } from 'commander';

export interface ReferenceTree {
  buildProgram: () => Command;
  EXIT_CODE_MEANINGS: readonly (readonly [code: string, meaning: string])[];
  ENVIRONMENT: string;
  ABOUT: readonly string[];
  FILES: readonly (readonly [path: string, what: string])[];
  examplesOf: (command: Command) => readonly { description: string; command: string }[];
  seeAlsoOf: (command: Command) => { guides: readonly string[]; related?: readonly string[] } | undefined;
  exitStatusesOf: (command: Command) => (readonly [code: number, when: string])[];
}

/** Path from the repository root -> the page's text. */
export function referencePages(tree: ReferenceTree, version: string): Map<string, string>;
