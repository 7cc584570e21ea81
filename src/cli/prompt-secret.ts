import { TixError, ExitCode } from '../errors.js';

/**
 * Reads a secret from a terminal without echoing it: raw mode, so the key never appears on screen or in
 * the scrollback. Backspace edits; Ctrl-C cancels with exit 130.
 */
export function promptSecret(
  question: string,
  stdin: NodeJS.ReadStream,
  stderr: NodeJS.WritableStream,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    // Echo off before the prompt shows: someone (or a script) typing the moment it appears is not echoed.
    stdin.setRawMode(true);
    stderr.write(question);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new TixError('cancelled', ExitCode.INTERRUPTED));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
