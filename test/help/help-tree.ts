import type { Command } from 'commander';
import { examplesOf, type Example } from '../../src/cli/kit/command-kit.js';
import { buildProgram } from '../../src/cli/program.js';

export interface CommandEntry {
  /** 'events search'; '' for tix itself. */
  path: string;
  command: Command;
}

/** Every command of the tree, tix itself first, the way --help and completions see it. */
export function allCommands(program: Command = buildProgram()): CommandEntry[] {
  const entries: CommandEntry[] = [];
  const visit = (command: Command, path: string[]) => {
    entries.push({ path: path.join(' '), command });
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return entries;
}

export interface ExampleEntry extends Example {
  path: string;
}

/** Every example of every command's help. */
export function allExamples(): ExampleEntry[] {
  return allCommands().flatMap(({ path, command }) => examplesOf(command).map((example) => ({ path, ...example })));
}
