import { describe, expect, it } from 'vitest';
import { parseFields } from '../../../src/cli/kit/output-options.js';
import { UsageError } from '../../../src/shared/errors.js';

describe('parseFields', () => {
  it('splits, trims and de-duplicates', () => {
    expect(parseFields(' id, agentIds.TMUSA ,id')).toEqual(['id', 'agentIds.TMUSA']);
  });

  it.each(['', ' , ', 'a..b', '.a', 'a.'])('rejects %j as a usage error', (value) => {
    expect(() => parseFields(value)).toThrow(UsageError);
  });
});
