import { sql } from 'drizzle-orm';
import { getCurrenciesRequestSchema, getCurrenciesResponseSchema } from '@cmp/contracts/marketplace';
import { escapeLike } from '../platform/db/likePattern';
import { defineOperation } from '../platform/operations';
import { minorUnits } from '../pricing/money';
import { rowsOf } from '../platform/db/rowsOf';
import { catalogViewer } from './catalogViewer';
import { MARKETPLACE_READ } from './searchServices';

/**
 * spec §7 Marketplace "currencies": the currencies the caller's pricelists use — those of the
 * pricelists owned within its organisation (and so assigned to its customers) and the one that
 * prices its own purchases — each with the digits of its minor unit (docs/architecture.md "Money").
 */
const getCurrencies = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetCurrencies',
  readOnly: true,
  summary: "The currencies of the caller's pricelists (owned in its organisation or below, and the one that prices its purchases), with their minor units (EUR 2, JPY 0).",
  request: getCurrenciesRequestSchema,
  response: getCurrenciesResponseSchema,
  rule: MARKETPLACE_READ,
  async handler(_input, { db, caller }) {
    const { pricelistId } = await catalogViewer(db, caller);
    const rows = await rowsOf<{ currency: string }>(
      db,
      sql`select distinct pl.currency from pricelists pl join accounts a on a.id = pl.owner_account_id
        where a.path like ${`${escapeLike(caller.companyAccount.path)}%`} or pl.id = ${pricelistId ?? 0}
        order by pl.currency`,
    );
    return { Currencies: rows.map((row) => ({ Code: row.currency, MinorUnits: minorUnits(row.currency) })) };
  },
});

export const currencyOperations = [getCurrencies];
