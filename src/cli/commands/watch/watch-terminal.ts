import { Chalk } from 'chalk';
import { safeText } from '../../../output/table-cells.js';
import { displayWidth, truncateToWidth } from '../../../output/text-width.js';
import { money } from '../../../output/money.js';
import type { WatchLine } from './watch-lines.js';

/** A piece of a line and how it is painted; pieces with a `dropRank` are left out, lowest first, when the line is too long. */
interface Piece {
  text: string;
  paint?: (text: string) => string;
  dropRank?: number;
}

/**
 * `tix watch` for a person: one line per change, coloured by what happened (green is good news for a
 * buyer: a new listing or a lower price). Loaded only for a terminal, so chalk stays out of the run chunk.
 * Text from the API goes through safeText: it must not drive the terminal. Each line fits the terminal's
 * width at the time it is written (a resized window gets lines of its new width): the listing id is left
 * out first, then the agent's event id (the agent code still says which event), then the end of the line
 * is cut with '…'.
 */
export function terminalFormatter(options: {
  color: boolean;
  timeZone: string;
  width: () => number | undefined;
}): (line: WatchLine) => string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const time = (timestamp: string) => {
    const instant = Date.parse(timestamp);
    return Number.isNaN(instant) ? safeText(timestamp) : clock.format(instant);
  };

  return (line) => {
    const where: Piece[] = [
      { text: time(line.timestamp), paint: chalk.dim },
      { text: ` ${line.agent}` },
      { text: ` ${safeText(line.eventId)}`, dropRank: 2 },
      { text: '  ' },
    ];
    if (line.type === 'snapshot') {
      const figures =
        line.minPrice === null
          ? 'no listings'
          : `${line.listings} listings, ${line.tickets} tickets, min ${money(line.minPrice)}, median ${money(line.medianPrice!)}, max ${money(line.maxPrice!)}`;
      return fitSegments([...where, { text: '= snapshot', paint: chalk.cyan }, { text: `  ${figures}` }], options.width());
    }
    const seat = `${safeText(line.section)}, row ${safeText(line.row)}`;
    const id: Piece[] = [
      { text: ' ', dropRank: 1 },
      { text: `(${safeText(line.listingId)})`, paint: chalk.dim, dropRank: 1 },
    ];
    switch (line.type) {
      case 'added':
        return fitSegments(
          [...where, { text: '+ added   ', paint: chalk.green }, { text: `  ${seat}: ${line.quantity} × ${money(line.price)}` }, ...id],
          options.width(),
        );
      case 'removed':
        return fitSegments(
          [...where, { text: '- removed ', paint: chalk.red }, { text: `  ${seat}: ${line.quantity} × ${money(line.price)}` }, ...id],
          options.width(),
        );
      case 'price': {
        const paint = line.new! < line.old! ? chalk.green : chalk.red;
        return fitSegments(
          [
            ...where,
            { text: '~ price   ', paint },
            { text: `  ${seat}: ${line.quantity} × ${money(line.old!)} → ` },
            { text: money(line.new!), paint },
            ...id,
          ],
          options.width(),
        );
      }
      case 'quantity':
        return fitSegments(
          [
            ...where,
            { text: '~ quantity', paint: chalk.yellow },
            { text: `  ${seat}: ${line.old} → ` },
            { text: String(line.new), paint: chalk.yellow },
            { text: ` tickets at ${money(line.price)}` },
            ...id,
          ],
          options.width(),
        );
    }
  };
}

/** The pieces painted and joined, fitted to `width` cells when there is one. */
function fitSegments(pieces: Piece[], width: number | undefined): string {
  const widthOf = (all: Piece[]) => all.reduce((sum, piece) => sum + displayWidth(piece.text), 0);
  let kept = pieces;
  for (const rank of [1, 2]) if (width !== undefined && widthOf(kept) > width) kept = kept.filter((piece) => piece.dropRank !== rank);
  let room = width ?? Infinity;
  let text = '';
  for (const piece of kept) {
    if (room <= 0) break;
    const shown = displayWidth(piece.text) <= room ? piece.text : truncateToWidth(piece.text, room);
    room -= displayWidth(shown);
    text += piece.paint ? piece.paint(shown) : shown;
  }
  return `${text}\n`;
}
