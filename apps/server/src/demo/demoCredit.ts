import { eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/database';
import { accounts, companyCreditLimits } from '../platform/db/schema';
import { creditCurrency } from '../orders/creditCheck';

/**
 * Credit limits of the demo world (issue 14): Contoso's subscriptions already bill about EUR 1,681 a
 * month (demoBilling.ts) and its pending custom charges EUR 2,290 (demoCustomCharges.ts, in its one
 * currency, so the credit check counts them: issue 30 item 5), and its limit of EUR 5,000 leaves about EUR 1,000 for new orders before one
 * waits for Northwind's approval (so ordering 400 endpoint licences, or ten CRM seats billed a year
 * ahead, shows the credit check); Litware's limit is generous, Adventure Works' is small.
 */
export async function loadDemoCreditLimits(tx: Tx): Promise<void> {
  const limits: { company: string; creditLimit: string; currency?: string }[] = [
    { company: 'Contoso Ltd', creditLimit: '5000.00', currency: 'EUR' },
    { company: 'Litware Inc', creditLimit: '50000.00', currency: 'EUR' },
    // Adventure Works' limit (in its pricelist's currency) is why its 100 CRM seats waited for approval (demoOrders.ts).
    { company: 'Adventure Works', creditLimit: '3000.00' },
  ];
  for (const limit of limits) {
    const [company] = await tx.select().from(accounts).where(eq(accounts.displayName, limit.company)).limit(1);
    if (company) await tx.insert(companyCreditLimits).values({ companyAccountId: company.id, creditLimit: limit.creditLimit, currency: limit.currency ?? (await creditCurrency(tx, company)) });
  }
}
