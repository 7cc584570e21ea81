import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './paths.js';
import { ensureWritableFolder } from './private-folder.js';

/**
 * The alert commands this machine consents to run (docs/alerts.md). A rule's --notify-exec is kept in the
 * price history, which a team may share: anyone who can write the store could otherwise run commands on
 * every machine that runs `tix track`. So a command taken from the history runs only when its exact text
 * was approved here (by `tix alert add --notify-exec` typed on this machine, or `tix alert approve`), and
 * the approval is the SHA-256 of that text, kept in this machine's config folder, never in the store.
 */

const FILE_NAME = 'approved-commands.json';

interface ApprovedFile {
  /** Hex SHA-256 of each approved command, with when it was approved. */
  approved: { sha256: string; approved_at: string }[];
}

export function approvedCommandsPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), FILE_NAME);
}

export function commandHash(command: string): string {
  return createHash('sha256').update(command, 'utf8').digest('hex');
}

/** The approved hashes; an absent or unreadable file approves nothing (consent is never assumed). */
function readApproved(env: NodeJS.ProcessEnv): ApprovedFile {
  try {
    const parsed = JSON.parse(readFileSync(approvedCommandsPath(env), 'utf8')) as Partial<ApprovedFile>;
    const approved = Array.isArray(parsed.approved)
      ? parsed.approved.filter((a) => typeof a?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(a.sha256))
      : [];
    return { approved };
  } catch {
    return { approved: [] };
  }
}

export function isCommandApproved(env: NodeJS.ProcessEnv, command: string): boolean {
  const hash = commandHash(command);
  return readApproved(env).approved.some((a) => a.sha256 === hash);
}

/** Records the approval (0600 in the private config folder, written whole then renamed); false when it was already there. */
export function approveCommand(env: NodeJS.ProcessEnv, command: string, at: string): boolean {
  const file = readApproved(env);
  const hash = commandHash(command);
  if (file.approved.some((a) => a.sha256 === hash)) return false;
  file.approved.push({ sha256: hash, approved_at: at });
  const path = approvedCommandsPath(env);
  ensureWritableFolder(configDir(env));
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return true;
}
