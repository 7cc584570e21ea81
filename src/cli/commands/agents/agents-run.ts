import { SALES_PROVIDERS, TICKET_AGENTS } from '../../../api/agents.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { prettyJson, rowWriterFor, withSink, writeJson } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { isDocument } from '../../../output/formats.js';

/** Rows for people and spreadsheets; JSON keeps agents and providers apart, as a program wants them. */
export async function runAgents(flags: RawOutputFlags, rt: Runtime): Promise<void> {
  const output = parseOutputOptions(flags, rt);
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format) && output.fields === undefined) {
      await writeJson(
        sink,
        {
          ticketAgents: TICKET_AGENTS.map(({ code, name, platform, kind }) => ({ code, name, platform, kind })),
          salesProviders: SALES_PROVIDERS.map(({ code, platform }) => ({ code, platform })),
        },
        prettyJson(rt, output),
      );
      return;
    }
    const rows = [
      ...TICKET_AGENTS.map((a) => ({ role: 'ticket agent', code: a.code, name: a.name, platform: a.platform, kind: a.kind })),
      ...SALES_PROVIDERS.map((p) => ({
        role: 'sales provider',
        code: p.code,
        name: p.code,
        platform: p.platform,
        kind: 'resale marketplace',
      })),
    ];
    const writer = rowWriterFor(rt, output, sink, {
      documented: ['role', 'code', 'name', 'platform', 'kind'],
      tableDefaults: ['role', 'code', 'name', 'platform', 'kind'],
      fit: { identifiers: ['code'], dropOrder: ['kind', 'platform', 'role'] },
      jsonKey: 'agents',
    });
    await writer.write(rows);
    await writer.end();
  });
}
