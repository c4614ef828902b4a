import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { accounts, companyCreditLimits, pricelists } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';
import { customerPricelistId } from '../pricing/customerPricelist';
import { billingCurrency } from '../customCharges/customChargeAccess';
import { money, roundToMinorUnit, type Money } from '../pricing/money';
import { usableRate } from '../pricing/exchangeRates';
import { maxExchangeRateAgeDays } from '../pricing/effectivePrice';
import { ApiError } from '../platform/errors';
import { DAY_MS } from '../platform/dates';
import { rowsOf } from '../platform/db/rowsOf';

// The credit check (issue 14; docs/architecture.md "Orders and the credit check"): a company's open balance is
// what its next invoices will bill for what it already has — each live subscription's charge for
// its billing period at the price it keeps, plus the custom charges pending billing — in the
// currency asked. An order's projected invoice is the open balance plus the order's value; above
// the credit limit the order waits for an Account Manager.

export interface CompanyCredit {
  /** Null: no limit is set. */
  limit: Money | null;
  currency: string | null;
  openBalance: Money;
}


/** The subscription statuses whose charges an invoice will bill. */
const BILLED_STATUSES = ['Provisioning', 'Active', 'Suspended'];

/** The currency a company's orders are priced in, and so its credit limit: its pricelist's, else its billing currency. */
export async function creditCurrency(db: Queryable, company: AccountRow): Promise<string> {
  const pricelistId = await customerPricelistId(db, company);
  if (pricelistId !== undefined) {
    const [row] = await db.select({ currency: pricelists.currency }).from(pricelists).where(eq(pricelists.id, pricelistId)).limit(1);
    if (row) return row.currency;
  }
  return (await billingCurrency(db, company)) ?? 'EUR';
}

export interface CreditLimit {
  limit: Money;
  currency: string;
}

/** The company's credit limit (null: none set), unlocked; placing an order reads it locked (placeOrder.ts). */
export async function companyCreditLimit(db: Queryable, companyAccountId: number): Promise<CreditLimit | null> {
  const [row] = await db.select().from(companyCreditLimits).where(eq(companyCreditLimits.companyAccountId, companyAccountId)).limit(1);
  return row ? { limit: money(row.creditLimit), currency: row.currency } : null;
}

/** The company's limit and open balance, unlocked (the overview, GetCreditLimit). */
export async function companyCredit(
  db: Queryable,
  /** The company's id, or the company (its path in hand spares reading it). */
  companyOrId: number | Pick<AccountRow, 'id' | 'path'>,
  currency: string | undefined,
): Promise<CompanyCredit> {
  const companyAccountId = typeof companyOrId === 'number' ? companyOrId : companyOrId.id;
  const row = await companyCreditLimit(db, companyAccountId);
  const balanceCurrency = currency ?? row?.currency;
  return {
    limit: row?.limit ?? null,
    currency: row?.currency ?? null,
    openBalance: balanceCurrency ? await openBalance(db, companyOrId, balanceCurrency) : money(0),
  };
}

/** A rate a credit check converted with, recorded with the order (issue 30 item 5). */
export interface CreditCheckRate {
  From: string;
  To: string;
  Rate: string;
  AsOf: string;
}

export interface OpenBalance {
  amount: Money;
  /** The rates the amounts in other currencies were converted with; empty when all were in `currency`. */
  rates: CreditCheckRate[];
}

export async function openBalance(db: Queryable, company: number | { path: string }, currency: string, now = new Date()): Promise<Money> {
  return (await openBalanceWithRates(db, company, currency, now)).amount;
}

/**
 * What the company's next invoices will bill, in `currency`. Amounts billed in another currency (a
 * custom charge in the company's billing currency, a subscription sold under an older pricelist) are
 * converted with the rates the pricing uses; when one is missing or outdated the check refuses —
 * never leaving them out, which let a company far over its limit order on (issue 30 item 5).
 */
export async function openBalanceWithRates(db: Queryable, company: number | { path: string }, currency: string, now = new Date()): Promise<OpenBalance> {
  const [known] = typeof company === 'number' ? await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, company)).limit(1) : [company];
  if (!known) return { amount: money(0), rates: [] };
  // The path is a constant of the statement, so both prefix tests use the accounts' path index; the
  // totals per currency in one statement (issue 14: PlaceOrder's round trips). Each subscription's line
  // is rounded to the currency's minor unit as an invoice line is (scale 2 here; the billing run rounds per currency).
  const below = `${known.path}%`;
  const totals = await rowsOf<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(amount)::text as total from (
          select s.currency, round(s.unit_price
              * (case when p.billing_rule = 'Flat' then 1 else s.quantity end)
              * (case s.billing_frequency when 'Annual' then 12 when 'Triennial' then 36 else 1 end)
              / (case p.billing_period when 'Annual' then 12 else 1 end), 2) as amount
            from subscriptions s
            join accounts a on a.id = s.account_id
            join products p on p.name = s.product_name
            where a.path like ${below} and s.status = any(${sql.param(BILLED_STATUSES)}::text[]) and s.unit_price is not null
          union all
          select c.currency, c.price as amount from custom_charges c join accounts a on a.id = c.account_id
            where a.path like ${below} and c.status = 'PendingBilling'
        ) billed group by currency`,
  );
  let amount = money(0);
  const rates: CreditCheckRate[] = [];
  for (const { currency: from, total } of totals) {
    if (from === currency) {
      amount = amount.add(money(total));
      continue;
    }
    const rate = await usableRate(db, from, currency, now, maxExchangeRateAgeDays() * DAY_MS);
    if (typeof rate === 'string') throw new ApiError(409, 'credit_exchange_rate_outdated', { from, to: currency });
    amount = amount.add(roundToMinorUnit(money(total).mul(rate.rate), currency));
    rates.push({ From: from, To: currency, Rate: rate.rate, AsOf: rate.asOf.toISOString() });
  }
  return { amount, rates };
}
