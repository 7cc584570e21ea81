import type { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { refuseChartAsData } from '../../kit/output-options.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { parseSalesOptions, salesSubcommand, type RawFlags } from './sales-flags.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';

export function salesSummaryCommand(): Command {
  const summary = salesSubcommand(
    'summary',
    'daily tickets, revenue and prices for one event',
    'GET /events/{provider}/{eventId}/sales-summary',
  ).option('--chart', 'draw tickets and revenue per day in the terminal (by week when the range is wide)');
  addExamples(summary, [
    { description: 'Daily sales of an event over the last 30 days', command: 'tix sales summary 101459428 --from -30d' },
    { description: 'A chart of the whole history', command: 'tix sales summary 101459428 --chart' },
  ]);
  exitCodes(summary, apiCodes('the event or the provider not found'));
  return summary.action(salesSummaryAction);
}

/** What `tix sales summary` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function salesSummaryAction(eventId: string, flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options = parseSalesOptions(eventId, flags, rt);
    if (flags.chart) refuseChartAsData(flags, options.output);
    const { runSalesSummary } = await import('./summary-run.js');
    await runSalesSummary({ ...options, chart: flags.chart === true }, rt);
  });
}
