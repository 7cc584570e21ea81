/** The shells `tix completion` writes a script for. Kept apart from the renderers so the command definition stays small. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
