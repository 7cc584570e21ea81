import { Command } from 'commander';
import { addExamples, seeAlso } from '../../kit/command-kit.js';

/** `tix sales`: the noun its verbs (summary, details) are registered under. */
export function salesCommand(): Command {
  const sales = new Command('sales')
    .summary('resale sales of one event: daily summary or every sale')
    .description('Resale sales of one event on a marketplace: a daily summary, or the details of every sale.');
  addExamples(sales, [
    {
      description: "An event's StubHub id, which the sales commands take",
      command: 'tix events get evt_fnt7jz3fkx -o ndjson | jq -r .agentIds.STUBHUB',
    },
    { description: 'Daily sales over the last 30 days', command: 'tix sales summary 101459428 --from -30d' },
    {
      description: 'Every sale of yesterday, to a CSV file',
      command: 'tix sales details 101459428 --from yesterday --to yesterday --out sales.csv',
    },
  ]);
  seeAlso(sales, { guides: ['querying.md', 'output.md'], related: ['events'] });
  return sales;
}
