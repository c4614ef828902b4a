import type { Queryable } from '../platform/db/database';
import type { AccountRow } from '../platform/session';
import { priceCatalogItems, serviceItems, type ItemPrice } from '../explore/servicePrices';
import { viewerOfAccount } from '../orders/orderPricing';

// The then-current price of a service for a company (issue 14): what a renewal starts a new term at
// and what a subscription made by an upgrade takes — the first recurring item priced by the
// company's pricelist, through the one price function, with the rule that priced it.

export interface CurrentPrice {
  unitPrice: string;
  currency: string;
  /** The rule as the subscription shows it, e.g. "Nimbus partners (Markup 15)", or the price's basis. */
  rule: string | null;
}

/** How a subscription names the rule that priced it. */
export function priceRuleLabel(price: Pick<ItemPrice, 'Rule' | 'Basis'>): string | null {
  return price.Rule ? `${price.Rule.RuleName} (${price.Rule.Model}${price.Rule.Parameter ? ` ${price.Rule.Parameter}` : ''})` : price.Basis;
}

/** undefined when the service has no recurring item priced for the company. */
export async function currentRecurringPrice(db: Queryable, company: AccountRow, productName: string): Promise<CurrentPrice | undefined> {
  const viewer = await viewerOfAccount(db, company);
  const items = (await serviceItems(db, productName)).filter((item) => item.feeType === 'Recurring');
  const prices = await priceCatalogItems(db, viewer, items);
  const price = items.map((item) => prices.get(item.id)).find((p) => p && p.Amount !== null);
  if (!price || price.Amount === null) return undefined;
  return { unitPrice: price.Amount, currency: price.Currency, rule: priceRuleLabel(price) };
}
