import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { ExitCode, TixError } from '../shared/errors.js';

const FIX = "edit or remove it ('tix config path' prints where it is)";

/**
 * The config file cannot be used: damaged JSON, a wrong shape, a folder where the file should be. Commands
 * that read or change the file fail with this (exit 1); others go on without the file and show `warning`.
 */
export class ConfigFileError extends TixError {
  readonly warning: string;
  constructor(path: string, detail: string, fix = FIX) {
    super(`cannot use the config file ${path}: ${detail}; ${fix}`, ExitCode.ERROR);
    this.name = 'ConfigFileError';
    this.warning = `ignoring the config file ${path}: ${detail}; ${fix}`;
  }
}

/** Why the file could not be read, from the error of stat or read. */
export function unreadableConfigFile(path: string, error: NodeJS.ErrnoException): ConfigFileError {
  switch (error.code) {
    case 'EISDIR':
      return new ConfigFileError(
        path,
        'it is a folder, not a file',
        "remove or rename that folder ('tix config path' prints where the file goes)",
      );
    case 'ENOTDIR':
      return new ConfigFileError(
        path,
        `${firstFileOnTheWay(path)} is a file, not a folder`,
        'set TIX_CONFIG_DIR to a folder, or move that file',
      );
    case 'EACCES':
    case 'EPERM':
      return new ConfigFileError(path, 'permission denied', `give yourself read access to it (chmod 600 ${path})`);
    default:
      return new ConfigFileError(path, error.message);
  }
}

/** The config file could not be written (its folder read-only, not yours, or not a folder): exit 1, nothing changed. */
export function unwritableConfigFile(path: string, error: NodeJS.ErrnoException): TixError {
  // access names the folder tested; mkdir, open and rename name what they tried to create in a folder.
  const folder = error.syscall === 'access' ? (error.path ?? dirname(path)) : dirname(error.path ?? path);
  const why =
    error.code === 'EROFS'
      ? `the folder ${folder} is read-only`
      : error.code === 'EACCES' || error.code === 'EPERM'
        ? `permission denied on the folder ${folder}`
        : error.code === 'ENOTDIR'
          ? `${firstFileOnTheWay(path)} is a file, not a folder`
          : error.code === 'ENOSPC'
            ? 'no space left on the device'
            : error.message;
  return new TixError(`cannot write the config file ${path}: ${why}; set TIX_CONFIG_DIR to a folder you can write to`, ExitCode.ERROR, {
    cause: error,
  });
}

/** The nearest existing part of the file's folder path; when ENOTDIR is the error, it is a file. */
function firstFileOnTheWay(path: string): string {
  let at = dirname(path);
  while (dirname(at) !== at) {
    try {
      if (!statSync(at).isDirectory()) return at;
    } catch {
      // missing, or below the file sought: look further up
    }
    at = dirname(at);
  }
  return dirname(path);
}
