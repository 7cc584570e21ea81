declare const __TIX_VERSION__: string | undefined;

// The build replaces __TIX_VERSION__; under vitest (source, unbundled) it is undefined.
export const VERSION: string = typeof __TIX_VERSION__ === 'string' ? __TIX_VERSION__ : '0.0.0-dev';
