import { Chalk } from 'chalk';
import { safeText } from '../output/table-cells.js';
import { money } from './money.js';
import type { WatchLine } from './watch-lines.js';

/**
 * `tix watch` for a person: one line per change, coloured by what happened (green is good news for a
 * buyer: a new listing or a lower price). Loaded only for a terminal, so chalk stays out of the run chunk.
 * Text from the API goes through safeText: it must not drive the terminal.
 */
export function terminalFormatter(options: { color: boolean; timeZone: string }): (line: WatchLine) => string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: options.timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const time = (timestamp: string) => {
    const instant = Date.parse(timestamp);
    return Number.isNaN(instant) ? safeText(timestamp) : clock.format(instant);
  };

  return (line) => {
    const where = `${chalk.dim(time(line.timestamp))} ${line.agent} ${safeText(line.eventId)}`;
    if (line.type === 'snapshot') {
      const figures =
        line.minPrice === null
          ? 'no listings'
          : `${line.listings} listings, ${line.tickets} tickets, min ${money(line.minPrice)}, median ${money(line.medianPrice!)}, max ${money(line.maxPrice!)}`;
      return `${where}  ${chalk.cyan('= snapshot')}  ${figures}\n`;
    }
    const seat = `${safeText(line.section)}, row ${safeText(line.row)}`;
    const id = chalk.dim(`(${safeText(line.listingId)})`);
    switch (line.type) {
      case 'added':
        return `${where}  ${chalk.green('+ added   ')}  ${seat}: ${line.quantity} × ${money(line.price)} ${id}\n`;
      case 'removed':
        return `${where}  ${chalk.red('- removed ')}  ${seat}: ${line.quantity} × ${money(line.price)} ${id}\n`;
      case 'price': {
        const paint = line.new! < line.old! ? chalk.green : chalk.red;
        return `${where}  ${paint('~ price   ')}  ${seat}: ${line.quantity} × ${money(line.old!)} → ${paint(money(line.new!))} ${id}\n`;
      }
      case 'quantity':
        return `${where}  ${chalk.yellow('~ quantity')}  ${seat}: ${line.old} → ${chalk.yellow(String(line.new))} tickets at ${money(line.price)} ${id}\n`;
    }
  };
}
