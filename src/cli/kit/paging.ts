import { parseWholeNumber } from '../../shared/numbers.js';
import type { Runtime } from './runtime.js';

export interface RawPagingFlags {
  page?: string;
  limit?: string;
  all?: boolean;
}

export interface PagingOptions {
  page: number;
  pageSize: number;
  /** Stop after this many records. */
  limit?: number;
  /** Fetch pages until the results end. */
  all: boolean;
  concurrency: number;
}

export function parsePaging(flags: RawPagingFlags, rt: Runtime): PagingOptions {
  const paging: PagingOptions = {
    page: flags.page === undefined ? 1 : parseWholeNumber('--page', flags.page, 1, 1_000_000),
    // --page-size and --concurrency are settings: Runtime has validated them with the environment and profile.
    pageSize: rt.settings.values['page-size'],
    all: flags.all === true,
    concurrency: rt.settings.values.concurrency,
  };
  if (flags.limit !== undefined) paging.limit = parseWholeNumber('--limit', flags.limit, 1, 100_000_000);
  return paging;
}
