// What sales summary and details share after parsing: the options, the date range sent, and sales errors in their words.
import { ApiError, NotTheApiError } from '../../../api/errors.js';
import { ExitCode } from '../../../shared/errors.js';
import type { TableFit } from '../../../output/index.js';
import type { OutputOptions } from '../../kit/output-options.js';

export interface SalesOptions {
  provider: string;
  eventId: string;
  startDate?: string;
  endDate?: string;
  output: OutputOptions;
}

export const PRICE_COLUMNS = {
  totalSales: 'price',
  minSoldPrice: 'price',
  maxSoldPrice: 'price',
  avgSoldPrice: 'price',
  price: 'price',
} as const;

/** A day's sales keep the date, tickets and revenue on the narrowest table. */
export const DAY_FIT: TableFit = { dropOrder: ['avgSoldPrice', 'maxSoldPrice', 'minSoldPrice'] };

export function dates(options: SalesOptions): { startDate?: string; endDate?: string } {
  return {
    ...(options.startDate !== undefined ? { startDate: options.startDate } : {}),
    ...(options.endDate !== undefined ? { endDate: options.endDate } : {}),
  };
}

/** Sales errors in the words of sales: which event and provider was not found, and what 403 means here. */
export async function explainSalesErrors<T>(options: SalesOptions, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details = { endpoint: error.endpoint, ...(error.status !== undefined ? { status: error.status } : {}) };
    if (error.status === 404 && !(error instanceof NotTheApiError)) {
      throw new ApiError(
        `no sales data for event '${options.eventId}' at provider '${options.provider}' (HTTP 404): use the provider's own event id (agentIds.STUBHUB in events search)`,
        ExitCode.NOT_FOUND,
        details,
      );
    }
    if (error.status === 403) {
      throw new ApiError(
        `this API key is not allowed sales data (HTTP 403 from ${error.endpoint}); ask your account manager to enable it`,
        ExitCode.AUTH,
        details,
      );
    }
    throw error;
  }
}
