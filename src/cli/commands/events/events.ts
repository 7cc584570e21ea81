import { Command } from 'commander';
import { addExamples, seeAlso } from '../../kit/command-kit.js';

/** `tix events`: the noun its verbs (search, get, by-agent, view) are registered under. */
export function eventsCommand(): Command {
  const events = new Command('events').summary('search and look up events').description('Search and look up events.');
  addExamples(events, [
    {
      description: 'Sports in Boston in the next two weeks',
      command: 'tix events search --category sports --city Boston --date next-2-weeks',
    },
    { description: 'One event by its id', command: 'tix events get evt_fnt7jz3fkx' },
    { description: 'What SeatGeek lists for the next month', command: 'tix events by-agent seatGeek --to +1m' },
    { description: 'One event across every marketplace', command: 'tix events view evt_fnt7jz3fkx' },
  ]);
  seeAlso(events, { guides: ['querying.md', 'output.md'], related: ['inventory', 'sales', 'agents'] });
  return events;
}
