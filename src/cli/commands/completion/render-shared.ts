import type { CompletionModel, ValueCompletion } from './model.js';

export const GENERATED_NOTE = 'Generated from the command tree by `npm run completions` (or `tix completion`): do not edit by hand.';

/** A single-quoted word for bash and zsh (and fish, given no backslashes). */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Every flag name that takes a value, sorted. */
export function valuedFlagNames(model: CompletionModel): string[] {
  return [...model.flagsByName]
    .filter(([, flag]) => flag.takesValue)
    .map(([name]) => name)
    .sort();
}

/** Flags with completable values, those with the same values grouped (-o and --output: one case). */
export function valueGroups(model: CompletionModel): { names: string[]; values: ValueCompletion }[] {
  const groups = new Map<string, { names: string[]; values: ValueCompletion }>();
  for (const [name, flag] of [...model.flagsByName].sort(([a], [b]) => a.localeCompare(b))) {
    if (!flag.values) continue;
    const key = JSON.stringify(flag.values);
    const group = groups.get(key) ?? { names: [], values: flag.values };
    group.names.push(name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Arguments with completable values: command path, position (from 1) and values. */
export function argumentCases(model: CompletionModel): { path: readonly string[]; index: number; values: ValueCompletion }[] {
  return model.commands.flatMap((command) =>
    command.args.flatMap((arg, i) => (arg.values ? [{ path: command.path, index: i + 1, values: arg.values }] : [])),
  );
}
