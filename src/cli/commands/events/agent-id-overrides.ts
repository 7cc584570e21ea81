import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';
import { parseAgent } from '../../kit/parse/agent.js';
import { parsePathSegment } from '../../kit/parse/ids.js';

/**
 * `--id AGENT=ID`, repeatable: the agent's id for the event, added to or replacing what the listing says.
 * The agent is a code or name, any case; the last `--id` for an agent wins. Returns agent code -> id.
 */
export function parseAgentIdOverrides(values: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const raw of values) {
    const at = raw.indexOf('=');
    if (at < 0) throw new UsageError(`--id must be AGENT=ID, such as SKYBOX=12345, not '${printable(raw)}'`);
    const name = raw.slice(0, at).trim();
    const agent = parseAgent('--id', name);
    ids.set(agent.code, parsePathSegment(`--id ${agent.code}`, raw.slice(at + 1)));
  }
  return ids;
}
