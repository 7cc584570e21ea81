/**
 * What a command's action gets from the command line: its name, its parent, its flags' definitions and the
 * values given (with the globals of its ancestors). Commander's Command is one; the fast path (src/cli/fast.ts)
 * builds a plain one from its flag table, without Commander.
 */
export interface Invocation {
  readonly parent: Invocation | null;
  name(): string;
  readonly options: readonly { readonly long?: string | undefined }[];
  optsWithGlobals(): Record<string, unknown>;
}
