/** Where output goes (the interface: sink-interface.ts), and the sinks: stdout and files. */
export type { Sink } from './sink-interface.js';
export { OutputClosedError, isOutputClosed } from './output-closed-error.js';
export { stdoutSink } from './stdout-sink.js';
export { fileSink, abortAllFileSinksSync, openFileSinkCount } from './file-sink.js';
