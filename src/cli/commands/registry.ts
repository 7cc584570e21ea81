import type { Command } from 'commander';
import { agentsAction, agentsCommand } from './agents/agents.js';
import { alertAddCommand } from './alert/add.js';
import { alertApproveCommand } from './alert/approve.js';
import { alertCommand } from './alert/alert.js';
import { alertListCommand } from './alert/list.js';
import { alertPauseCommand, alertResumeCommand } from './alert/pause.js';
import { alertRmCommand } from './alert/rm.js';
import { alertTestCommand } from './alert/test.js';
import { apiAction, apiCommand } from './api/api.js';
import { authCommand } from './auth/auth.js';
import { authLoginCommand } from './auth/login.js';
import { authLogoutCommand } from './auth/logout.js';
import { authStatusCommand } from './auth/status.js';
import { completionCommand } from './completion/completion.js';
import { configCommand } from './config/config.js';
import { configGetCommand } from './config/get.js';
import { configListCommand } from './config/list.js';
import { configPathCommand } from './config/path.js';
import { configSetCommand } from './config/set.js';
import { configUnsetCommand } from './config/unset.js';
import { eventsByAgentAction, eventsByAgentCommand } from './events/by-agent.js';
import { eventsCommand } from './events/events.js';
import { eventsGetAction, eventsGetCommand } from './events/get.js';
import { eventsSearchAction, eventsSearchCommand } from './events/search.js';
import { eventsViewAction, eventsViewCommand } from './events/view.js';
import { historyCoverageCommand } from './history/coverage.js';
import { historyExportCommand } from './history/export.js';
import { historyCommand } from './history/history.js';
import { historyListCommand } from './history/list.js';
import { historySqlCommand } from './history/sql.js';
import { historySummaryCommand } from './history/summary.js';
import { reportCommand } from './report/report.js';
import { inventoryAction, inventoryCommand } from './inventory/inventory.js';
import { salesDetailsAction, salesDetailsCommand } from './sales/details.js';
import { salesCommand } from './sales/sales.js';
import { salesSummaryAction, salesSummaryCommand } from './sales/summary.js';
import { sandboxCommand } from './sandbox/sandbox.js';
import { trackCommand } from './track/track.js';
import { watchCommand } from './watch/watch.js';

/** A command's action as Commander calls it: its arguments, its flags, the command (or the fast path's Invocation). */
// biome-ignore lint/suspicious/noExplicitAny: each action takes its own arguments, as Commander passes them.
export type CommandAction = (...args: any[]) => Promise<void>;

export interface RegisteredCommand {
  /** The name of the command it is a subcommand of (`events` for `tix events search`); none for a top-level one. */
  parent?: string;
  /** Its definition: words, summary, arguments, flags, examples, and an action that imports its run lazily. */
  build: () => Command;
  /**
   * The fast path (src/cli/fast.ts) may run it: the action its definition passes to `.action()`, exported and
   * imported here. The build derives the fast path's list of actions and bin/tix's first words from these
   * (scripts/fast-commands.mjs); its flags come from `build` as for every command.
   */
  fast?: CommandAction;
}

/**
 * Every command of tix, in the order `tix --help` lists them; a parent comes before its subcommands.
 * The one list: help, help pages, completions, the fast path, the man pages and docs/commands are derived from it.
 * Adding a command: its folder under commands/, one line here, its test.
 */
export const COMMANDS: readonly RegisteredCommand[] = [
  { build: eventsCommand },
  { parent: 'events', build: eventsSearchCommand, fast: eventsSearchAction },
  { parent: 'events', build: eventsGetCommand, fast: eventsGetAction },
  { parent: 'events', build: eventsByAgentCommand, fast: eventsByAgentAction },
  { parent: 'events', build: eventsViewCommand, fast: eventsViewAction },
  { build: inventoryCommand, fast: inventoryAction },
  { build: watchCommand },
  { build: salesCommand },
  { parent: 'sales', build: salesSummaryCommand, fast: salesSummaryAction },
  { parent: 'sales', build: salesDetailsCommand, fast: salesDetailsAction },
  { build: trackCommand },
  { build: historyCommand },
  { parent: 'history', build: historyListCommand },
  { parent: 'history', build: historySummaryCommand },
  { parent: 'history', build: historyCoverageCommand },
  { parent: 'history', build: historyExportCommand },
  { parent: 'history', build: historySqlCommand },
  { build: reportCommand },
  { build: alertCommand },
  { parent: 'alert', build: alertAddCommand },
  { parent: 'alert', build: alertListCommand },
  { parent: 'alert', build: alertRmCommand },
  { parent: 'alert', build: alertPauseCommand },
  { parent: 'alert', build: alertResumeCommand },
  { parent: 'alert', build: alertTestCommand },
  { parent: 'alert', build: alertApproveCommand },
  { build: agentsCommand, fast: agentsAction },
  { build: apiCommand, fast: apiAction },
  { build: authCommand },
  { parent: 'auth', build: authLoginCommand },
  { parent: 'auth', build: authStatusCommand },
  { parent: 'auth', build: authLogoutCommand },
  { build: configCommand },
  { parent: 'config', build: configGetCommand },
  { parent: 'config', build: configSetCommand },
  { parent: 'config', build: configUnsetCommand },
  { parent: 'config', build: configListCommand },
  { parent: 'config', build: configPathCommand },
  { build: sandboxCommand },
  { build: completionCommand },
];
