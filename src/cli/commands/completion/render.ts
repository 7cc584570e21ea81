import type { Command } from 'commander';
import { completionModel } from './model.js';
import { renderBash } from './render-bash.js';
import { renderFish } from './render-fish.js';
import { renderZsh } from './render-zsh.js';
import type { Shell } from './shells.js';

const RENDERERS: Record<Shell, typeof renderBash> = { bash: renderBash, zsh: renderZsh, fish: renderFish };

/** The completion script for `shell`, from the command tree rooted at `program`. */
export function renderCompletion(shell: Shell, program: Command): string {
  return RENDERERS[shell](completionModel(program));
}
