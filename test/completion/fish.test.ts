import { describeCompletions } from './cases.js';

// In a real fish, with the committed completions/tix.fish (cases.ts lists what Tab must offer).
describeCompletions('fish');
