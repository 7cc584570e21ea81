// Types of notices.mjs for test/release/notices.test.ts.
export interface Notice {
  name: string;
  version?: string;
  license: string;
  text: string;
  source: string;
}
export const VENDORED_LICENCES: string;
export const MIN_LICENCE_CHARS: number;
export function bundledPackageFolders(metafiles: { inputs: Record<string, unknown> }[]): string[];
export function packageNotices(root: string, folders: string[]): Notice[];
export function vendoredName(pkg: { name: string; version: string }): string;
export function noticesText(intro: string[], notices: Notice[]): string;
export const COMPILED_LICENCES: string;
export interface CompiledNotice extends Notice {
  file: string;
  shared: boolean;
  into?: string;
  namespace?: string;
  seeAlso: string[];
}
export function compiledNotices(root: string): CompiledNotice[];
