/** The hostile ids of path-encoding.test.ts, as data: test/cli/fast-path.test.ts runs them on both paths too. */

/** Values that would climb out of their segment, add a query or cut the path if they were not encoded. */
export const HOSTILE = ['../../events', '..%2F..%2Fevents', 'x/../../../events', 'evt_1?pageSize=5000', 'evt_1#frag', '%2e%2e'];

/** Each command that puts a user value in the path, and the route the request must stay on. */
export const COMMANDS: { name: string; value?: (id: string) => string; args: (value: string) => string[]; route: RegExp }[] = [
  // Service ids must start with evt_ (tix checks that first).
  {
    name: 'events get',
    value: (id) => (id.startsWith('evt_') ? id : `evt_${id}`),
    args: (v) => ['events', 'get', v],
    route: /^\/events\/evt_[^/?#]+$/,
  },
  { name: 'events get --agent', args: (v) => ['events', 'get', '--agent', 'ticketMaster', v], route: /^\/events\/ticketMaster\/[^/?#]+$/ },
  // (events by-agent puts only the agent in its path, and an agent tix does not know is refused before any request.)
  { name: 'inventory', args: (v) => ['inventory', 'TMUSA', v], route: /^\/inventory\/TMUSA\/[^/?#]+$/ },
  { name: 'sales summary', args: (v) => ['sales', 'summary', v], route: /^\/events\/stubhub\/[^/?#]+\/sales-summary$/ },
  { name: 'sales details', args: (v) => ['sales', 'details', v], route: /^\/events\/stubhub\/[^/?#]+\/sales-details$/ },
];
