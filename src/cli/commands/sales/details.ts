import type { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { parseSalesOptions, salesSubcommand, type RawFlags } from './sales-flags.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';

export function salesDetailsCommand(): Command {
  const details = salesSubcommand(
    'details',
    'every sale of one event: section, row, seats, quantity, price',
    'GET /events/{provider}/{eventId}/sales-details',
  ).option('--daily', 'only the per-day totals of the details response');
  addExamples(details, [
    { description: "Yesterday's sales as CSV", command: 'tix sales details 101459428 --from yesterday --to yesterday -o csv' },
    { description: 'Per-day totals of the last week', command: 'tix sales details 101459428 --from -7d --to yesterday --daily' },
    {
      description: 'The whole history as Parquet, typed, for DuckDB or pandas',
      command: 'tix sales details 101459428 --out sales.parquet',
    },
  ]);
  exitCodes(details, apiCodes('the event or the provider not found'));
  return details.action(salesDetailsAction);
}

/** What `tix sales details` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function salesDetailsAction(eventId: string, flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options = parseSalesOptions(eventId, flags, rt);
    const { runSalesDetails } = await import('./details-run.js');
    await runSalesDetails({ ...options, daily: flags.daily === true }, rt);
  });
}
