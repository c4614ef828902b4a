import { eq, inArray } from 'drizzle-orm';
import { requirement, type CapabilityFlag, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { accounts, customCharges } from '../platform/db/schema';
import { ApiError, accessDenied } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';
import { sellsTo } from '../platform/sellerSide';

// Who may see and change a customer's custom charges (issue 13): BILLING_CUSTOM_CHARGES (spec §3
// "BILLING_*") and the account inside the caller's hierarchy. A foreign and a missing account or
// charge answer the same 403 (DESIGN.md), so nobody can probe for ids. Reading is open to the
// company itself (its administrator sees what it will be billed); adding and deleting is the
// seller's business: a reseller above the company.

export type CustomChargeRow = typeof customCharges.$inferSelect;

export const customChargesRule = (flag: CapabilityFlag): CapabilityRequirement => requirement('BILLING_CUSTOM_CHARGES', [flag]);

/** The account whose charges the caller names, in the caller's hierarchy. */
export const requireChargeAccount = (db: Queryable, caller: CallerSession, accountId: number, flag: CapabilityFlag) =>
  requireAccountInHierarchy(db, caller, accountId, customChargesRule(flag));

/**
 * Whether the caller sells to this account: its organisation is a reseller above the account (not
 * the account itself). Only then does it see the charges' cost (platform/sellerSide.ts).
 */
export const isSellerOf = (caller: CallerSession, account: AccountRow) => sellsTo(caller, account);

/** Adding or deleting a charge: a company, and the caller its seller (403 otherwise, 400 for another account type). */
export function assertMayManageCharges(caller: CallerSession, account: AccountRow): void {
  if (!isSellerOf(caller, account)) throw new ApiError(403, 'custom_charge_seller_only');
  if (account.type !== 'Company') throw new ApiError(400, 'custom_charge_company_only');
}

/** A charge whose account lies in the caller's hierarchy, with that account. */
export async function requireCustomCharge(db: Queryable, caller: CallerSession, customChargeId: number, flag: CapabilityFlag): Promise<{ charge: CustomChargeRow; account: AccountRow }> {
  const [charge] = await db.select().from(customCharges).where(eq(customCharges.id, customChargeId)).limit(1);
  if (!charge) throw accessDenied();
  const account = await requireChargeAccount(db, caller, charge.accountId, flag);
  return { charge, account };
}

const currencyOfViews = (account: Pick<AccountRow, 'type' | 'views'>): string | undefined => {
  const value = account.views[account.type]?.Values.Currency;
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : undefined;
};

/**
 * The currency the company is billed in (spec §2 "receives the company currency"): the Currency of
 * its Company view; a company created without one bills in its nearest organisation's currency.
 */
export async function billingCurrency(db: Queryable, account: AccountRow): Promise<string | undefined> {
  const own = currencyOfViews(account);
  if (own) return own;
  const ancestors = await db.select({ id: accounts.id, type: accounts.type, views: accounts.views, path: accounts.path }).from(accounts).where(inArray(accounts.id, pathIds(account.path)));
  const nearestFirst = ancestors.filter((row) => row.id !== account.id).sort((a, b) => b.path.length - a.path.length);
  for (const ancestor of nearestFirst) {
    const currency = currencyOfViews(ancestor);
    if (currency) return currency;
  }
  return undefined;
}
