import { describeCompletions } from './cases.js';

// In a real bash, with the committed completions/tix.bash (cases.ts lists what Tab must offer).
describeCompletions('bash');
