import { and, eq } from 'drizzle-orm';
import { requirement, type CapabilityRequirement, type SecurityRule } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { accounts, products } from '../platform/db/schema';
import { requireAccountInHierarchy } from '../platform/access';
import { accessDenied, ApiError } from '../platform/errors';
import type { AccountRow, CallerSession } from '../platform/session';
import { money, minorUnits } from '../pricing/money';

// Who may see and change what of service management (issue 13). spec §2/§6: My vendor profile needs
// Product Owner Profile (Read to see, Create and Execute to change), My services and the service tool
// My Services Read plus the SERVICE_TOOL_* capability of the action. Every id the caller names lies in
// its hierarchy; a foreign, a missing and a wrong-typed id answer the same 403.

export const PROFILE_READ = requirement('PRODUCT_OWNER_PROFILE', ['Read']);
export const PROFILE_CHANGE = requirement('PRODUCT_OWNER_PROFILE', ['Create', 'Execute']);
export const MY_SERVICES_READ = requirement('MY_SERVICES', ['Read']);
export const SERVICE_TOOL_EDIT = requirement('SERVICE_TOOL_EDIT', ['Execute']);
export const SERVICE_TOOL_EXPORT = requirement('SERVICE_TOOL_EXPORT', ['Execute']);
export const GROUPS_READ: SecurityRule = { all: [MY_SERVICES_READ, requirement('SERVICE_TOOL_GROUPS', ['Read'])] };
export const GROUPS_CREATE: SecurityRule = { all: [MY_SERVICES_READ, requirement('SERVICE_TOOL_GROUPS', ['Create'])] };
export const GROUPS_DELETE: SecurityRule = { all: [MY_SERVICES_READ, requirement('SERVICE_TOOL_GROUPS', ['Delete'])] };

export type ProductRow = typeof products.$inferSelect;

/**
 * The vendor whose profile or services are meant: the one named (a Vendor account in the caller's
 * hierarchy), or the caller's own organisation when it is a vendor.
 */
export async function requireVendor(db: Queryable, caller: CallerSession, vendorAccountId: number | undefined, req: CapabilityRequirement): Promise<AccountRow> {
  if (vendorAccountId === undefined) {
    if (caller.companyAccount.type !== 'Vendor') throw new ApiError(403, 'service_owner_invalid');
    return caller.companyAccount;
  }
  const vendor = await requireAccountInHierarchy(db, caller, vendorAccountId, req);
  if (vendor.type !== 'Vendor') throw accessDenied();
  return vendor;
}

/** The organisation whose services settings or groups are meant: the one named in the caller's hierarchy, or the caller's own; of the allowed types. */
export async function requireServiceOwner(
  db: Queryable,
  caller: CallerSession,
  ownerAccountId: number | undefined,
  req: CapabilityRequirement,
  types: readonly ('Reseller' | 'Vendor')[],
): Promise<AccountRow> {
  const owner = ownerAccountId === undefined ? caller.companyAccount : await requireAccountInHierarchy(db, caller, ownerAccountId, req);
  if (!(types as readonly string[]).includes(owner.type)) {
    // A named account of another type is as unknown as a foreign one; the caller's own says why.
    if (ownerAccountId !== undefined) throw accessDenied();
    throw new ApiError(403, 'service_owner_invalid');
  }
  return owner;
}

/** The vendors the caller may manage: Vendor accounts in its hierarchy (a vendor: itself). */
export async function vendorsInScope(db: Queryable, scopePath: string): Promise<{ VendorAccountId: number; VendorName: string }[]> {
  const rows = await db.select({ id: accounts.id, name: accounts.displayName, path: accounts.path }).from(accounts).where(and(eq(accounts.type, 'Vendor'), eq(accounts.state, 'Active')));
  return rows
    .filter((row) => row.path.startsWith(scopePath))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({ VendorAccountId: row.id, VendorName: row.name }));
}

/** A stored unit price (numeric(18,6)) as the API shows it: the currency's decimals, more where the price has them ("4.10", "0.021"). */
export function priceString(value: string | null, currency: string): string | null {
  if (value === null) return null;
  const amount = money(value);
  return amount.toFixed(Math.max(minorUnits(currency), amount.decimalPlaces()));
}

/** The service's name in a language: the vendor's name in it, else English, else the default name. */
export const localName = (product: Pick<ProductRow, 'displayName' | 'displayNames'>, locale: string) => product.displayNames[locale] || product.displayNames.en || product.displayName;
