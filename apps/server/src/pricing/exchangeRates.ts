import { and, desc, eq, lte } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { exchangeRates } from '../platform/db/schema';

/** How many units of the quote currency one unit of the base currency buys, and when it was taken. */
export interface ExchangeRate {
  rate: string;
  asOf: Date;
}

/** Why no rate may be used (spec §8 "Exchange rate not up to date."). */
export type ExchangeRateProblem = 'exchange_rate_missing' | 'exchange_rate_outdated';

/**
 * The rate from `base` to `quote` that prices and credit checks use at `at`: the latest taken by
 * then, unless it is older than `maxAgeMs` — an outdated rate converts nothing.
 */
export async function usableRate(db: Queryable, base: string, quote: string, at: Date, maxAgeMs: number): Promise<ExchangeRate | ExchangeRateProblem> {
  const [rate] = await db
    .select({ rate: exchangeRates.rate, asOf: exchangeRates.asOf })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.baseCurrency, base), eq(exchangeRates.quoteCurrency, quote), lte(exchangeRates.asOf, at)))
    .orderBy(desc(exchangeRates.asOf))
    .limit(1);
  if (!rate) return 'exchange_rate_missing';
  return at.getTime() - rate.asOf.getTime() > maxAgeMs ? 'exchange_rate_outdated' : rate;
}
