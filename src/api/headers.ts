/** Response headers as Node gives them: lower-case names, repeated ones as arrays. */
export type Headers = Record<string, string | string[] | undefined>;
