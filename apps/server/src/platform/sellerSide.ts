import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from './db/database';
import { accounts } from './db/schema';
import { pathIds, type AccountRow, type CallerSession } from './session';

// Who may see what an item cost its seller (issue 30, "Customers see their reseller's cost").
//
// In the account hierarchy every sale goes down one step: a Reseller sells to the accounts below it
// (its companies, and the resellers it distributes to), a Company only buys. The account that sells
// an item — the one owning the pricelist that prices it, or the reseller that created a custom
// charge — and every account above it (its distributor, the platform owner) are the item's SELLER
// SIDE: they see its purchase price (cost), margin and markup. Everyone else is a BUYER of it: a
// company with its departments and users, and also a reseller towards its own supplier — that
// reseller sees what it pays (its own purchase price is its supplier's sales price) but never what
// the item cost its supplier, nor the supplier's margin. Hence, with the seller's account path:
//
//   seller side  ⇔  the caller's organisation is a Reseller and the seller's path starts with it.
//
// A company is never on the seller side, whatever capability it holds (a HIERARCHY capability widens
// what it may read, not what it may know of its reseller's books). Servers remove the fields from
// their answers for a buyer; screens hide the columns because the fields are not there.

type Caller = Pick<CallerSession, 'companyAccount'>;

/** The caller's organisation sells to others at all: only then can any cost in its scope be its own business. */
export const sellsToOthers = (caller: Caller) => caller.companyAccount.type === 'Reseller';

/** The caller is the seller of what `seller` sells, or above it. */
export const isOnSellerSide = (caller: Caller, seller: Pick<AccountRow, 'path'>) => sellsToOthers(caller) && seller.path.startsWith(caller.companyAccount.path);

/**
 * The caller sells to `buyer` (or is above its seller): `buyer` lies below the caller's reseller. What
 * prices `buyer`'s purchases — its pricelist, its custom charges — is then on the caller's side.
 * The caller's own organisation is a buyer of its supplier, never its own seller.
 */
export const sellsTo = (caller: Caller, buyer: Pick<AccountRow, 'id' | 'path'>) => buyer.id !== caller.companyAccount.id && isOnSellerSide(caller, buyer);

/** A detail naming a seller-only figure: cost, purchase price, margin, the discount a margin allows (a cost centre is an account field). */
const SELLER_ONLY_DETAIL = /cost(?!cent)|margin|purchase|maxdiscount/i;

/**
 * Recorded details (an audit entry's) as the caller may read them: a buyer gets none of the seller's
 * figures, at whatever depth they were recorded (a custom charge's Cost is audited on its buyer).
 */
export function detailsSeenBy(details: unknown, sellerSide: boolean): unknown {
  if (sellerSide || typeof details !== 'object' || details === null) return details;
  if (Array.isArray(details)) return details.map((item) => detailsSeenBy(item, false));
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SELLER_ONLY_DETAIL.test(key)).map(([key, value]) => [key, detailsSeenBy(value, false)]));
}

/** Pricing models defined over the purchase price: the model, its parameter and the price give the cost away. */
const COST_BASED_MODELS: ReadonlySet<string> = new Set(['Markup', 'GrossMargin']);

/** A price's rule as the caller may see it: a buyer gets none that is defined over the purchase price. */
export const ruleSeenBy = <Rule extends { Model: string }>(rule: Rule | null, sellerSide: boolean): Rule | null =>
  rule && !sellerSide && COST_BASED_MODELS.has(rule.Model) ? null : rule;

/** A stored rule label ("Nimbus partners (Markup 15)", orders/orderPricing.ts) as the caller may see it. */
export function priceRuleLabelSeenBy(label: string | null, sellerSide: boolean): string | null {
  if (label === null || sellerSide) return label;
  const model = /\((\w+)(?: [^)]*)?\)$/.exec(label)?.[1];
  return model && COST_BASED_MODELS.has(model) ? null : label;
}

/** The reseller that sells to `customer`: the nearest Reseller above it (the customer itself when none is). */
export async function sellerOfCustomer(db: Queryable, customer: AccountRow): Promise<AccountRow> {
  const above = pathIds(customer.path).filter((id) => id !== customer.id);
  const rows = above.length ? await db.select().from(accounts).where(and(inArray(accounts.id, above), eq(accounts.type, 'Reseller'))) : [];
  rows.sort((a, b) => b.path.length - a.path.length);
  return rows[0] ?? customer;
}
