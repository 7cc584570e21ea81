import { Command } from 'commander';
import { addExamples, seeAlso } from '../../kit/command-kit.js';

/** `tix alert`: the noun its verbs (add, list, rm, pause, resume, test, approve) are registered under. */
export function alertCommand(): Command {
  const alert = new Command('alert')
    .summary('price alerts that every tix track evaluates and delivers')
    .description(
      [
        "Price alert rules, kept in the price history (tables alert_rules, alert_notifications, alert_deliveries: see docs/alerts.md, \"Tables\"). Every 'tix track' (and 'watch --record') evaluates the active rules against the snapshots it stores, in the same transaction, and notifies once per new low: a rule fires when a matching listing is strictly below the price it last notified.",
        'Alerts go to stderr (one line each), to -o ndjson as objects with "type":"alert", and to each rule\'s --notify-url and --notify-exec (or the notify-url and notify-exec settings). A delivery that fails stays pending and the next run retries it.',
        "A rule's --notify-exec is kept in the history, which a team may share: it runs only on a machine that approved it (the machine that added it, or 'tix alert approve <id>').",
      ].join('\n'),
    );
  addExamples(alert, [
    {
      description: 'Tell me when any ticket of an event is at or under 150',
      command: 'tix alert add evt_fnt7jz3fkx --below 150 && tix alert list',
    },
  ]);
  seeAlso(alert, { guides: ['alerts.md'], related: ['track', 'history'] });
  return alert;
}
