// Types of build-plugins.mjs for test/output/stdout-reader-gone.test.ts: the packages every npm bundle leaves in node_modules.
export const EXTERNAL_PACKAGES: string[];
