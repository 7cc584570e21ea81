/** `--id AGENT=ID` of events view (pure parsing). */
import { describe, expect, it } from 'vitest';
import { parseAgentIdOverrides } from '../../../../src/cli/commands/events/agent-id-overrides.js';
import { UsageError } from '../../../../src/shared/errors.js';

describe('--id AGENT=ID', () => {
  it('takes codes and names in any case, keeps = inside the id, and the last one for an agent wins', () => {
    const ids = parseAgentIdOverrides(['skybox=1', 'ticketMaster= G5v8 ', 'TMUSA=G6', 'vividseats=a=b']);
    expect([...ids]).toEqual([
      ['SKYBOX', '1'],
      ['TMUSA', 'G6'],
      ['VIVID', 'a=b'],
    ]);
  });

  it.each([
    ['SKYBOX', "--id must be AGENT=ID, such as SKYBOX=12345, not 'SKYBOX'"],
    ['=12', "--id: '' is not a ticket agent"],
    ['ACME=1', "--id: 'ACME' is not a ticket agent; agents: TMUSA (ticketMaster), STUBHUB (stubHub)"],
    ['SKYBOX= ', '--id SKYBOX must not be empty'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseAgentIdOverrides([raw])).toThrow(UsageError);
    expect(() => parseAgentIdOverrides([raw])).toThrow(message);
  });
});
