/** jq-web ships no types: a promise of jq, whose raw() runs a filter over JSON text (src/cli/kit/jq.ts). */
declare module 'jq-web' {
  const jq: Promise<{ raw(json: string, filter: string, flags?: string[]): string | undefined }>;
  export default jq;
}
