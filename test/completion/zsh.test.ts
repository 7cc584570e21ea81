import { expect, it } from 'vitest';
import { describeCompletions } from './cases.js';
import { completeIn, shellBinary } from './complete-in.js';

// In a real zsh, with the committed completions/tix.zsh (cases.ts lists what Tab must offer).
describeCompletions('zsh');

it('zsh also completes when the script is sourced instead of installed on $fpath', async (context) => {
  context.skip(shellBinary('zsh') === undefined, 'zsh is not installed (apt-get install zsh); CI installs it');
  expect(await completeIn('zsh', 'tix events search --cat', {}, 'source')).toEqual(['--category']);
});
