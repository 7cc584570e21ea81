import { TixError, ExitCode } from '../../shared/errors.js';

/**
 * Reads a secret from a terminal without echoing it: raw mode, so the key never appears on screen or in
 * the scrollback. Backspace edits; Ctrl-C cancels with exit 130. Ctrl-D is end of input, as a terminal in
 * line mode (and getpass, ssh) treats it: on an empty line it cancels like Ctrl-C; after some characters the
 * first press only ends that piece of the line, and a second one in a row ends the input, as Enter does.
 */
export function promptSecret(question: string, stdin: NodeJS.ReadStream, stderr: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    let endOfInputPressed = false;
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
        if (char === '\u0004') {
          if (value === '')
            return finish(new TixError('cancelled (end of input at the key prompt); nothing was stored', ExitCode.INTERRUPTED));
          if (endOfInputPressed) return finish();
          endOfInputPressed = true;
          continue;
        }
        endOfInputPressed = false;
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
