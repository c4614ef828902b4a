import { eq } from 'drizzle-orm';
import { requirement, type CapabilityFlag, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { pricelists } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import type { AccountRow, CallerSession } from '../platform/session';

// Who may see and change a pricelist (issue 13): the capability (MARKETPLACE for pricelists,
// PRICING_RULES for rules) and the pricelist's owner inside the caller's hierarchy. A foreign and a
// missing pricelist answer the same 403 (DESIGN.md), so nobody can probe for ids.

export type PricelistRow = typeof pricelists.$inferSelect;

export const marketplaceRule = (flag: CapabilityFlag): CapabilityRequirement => requirement('MARKETPLACE', [flag]);
export const pricingRulesRule = (flag: CapabilityFlag): CapabilityRequirement => requirement('PRICING_RULES', [flag]);

/** The organisation whose pricelists the caller manages: the one named, in the caller's hierarchy, or the caller's own. Only resellers (the platform owner is one) own pricelists. */
export async function requirePricelistOwner(db: Queryable, caller: CallerSession, ownerAccountId: number | undefined, req: CapabilityRequirement): Promise<AccountRow> {
  const owner = ownerAccountId === undefined ? caller.companyAccount : await requireAccountInHierarchy(db, caller, ownerAccountId, req);
  if (owner.type !== 'Reseller') throw new ApiError(403, 'pricelist_owner_reseller_only');
  return owner;
}

/** A pricelist whose owner lies in the caller's hierarchy. */
export async function requirePricelist(db: Queryable, caller: CallerSession, pricelistId: number, req: CapabilityRequirement): Promise<{ pricelist: PricelistRow; owner: AccountRow }> {
  const [pricelist] = await db.select().from(pricelists).where(eq(pricelists.id, pricelistId)).limit(1);
  if (!pricelist) throw accessDenied();
  const owner = await requireAccountInHierarchy(db, caller, pricelist.ownerAccountId, req);
  return { pricelist, owner };
}
