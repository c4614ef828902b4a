import type { CapabilityObjectType } from './capabilities';

export const ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'User', 'Product', 'Vendor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_STATES = ['Active', 'Suspended', 'Terminated'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The capability object type that governs each account type (spec §3 capabilities *_ACCOUNT). */
export const ACCOUNT_CAPABILITY: Record<AccountType, CapabilityObjectType> = {
  Reseller: 'RESELLER_ACCOUNT',
  Company: 'COMPANY_ACCOUNT',
  Department: 'DEPARTMENT_ACCOUNT',
  User: 'USER_ACCOUNT',
  Product: 'PRODUCT_ACCOUNT',
  Vendor: 'VENDOR_ACCOUNT',
};

/**
 * The hierarchy rules of the accounts issue: a user under a department or company, a department
 * under a company, a company under a reseller, a reseller under a reseller (the platform owner is
 * the top Reseller). Product accounts go where their product allows (products.parent_types); a
 * vendor sits under a reseller. A reseller and a vendor also hold their own users (issue 10: the
 * demo's administrators sit there, and an administrator adds colleagues where they sit).
 */
export const ALLOWED_PARENT_TYPES: Record<Exclude<AccountType, 'Product'>, AccountType[]> = {
  Reseller: ['Reseller'],
  Company: ['Reseller'],
  Department: ['Company'],
  User: ['Department', 'Company', 'Reseller', 'Vendor'],
  Vendor: ['Reseller'],
};

/** The account types a hierarchy topped by an account of `topType` can contain (itself included), by the rules above. */
export function accountTypesBelow(topType: AccountType): AccountType[] {
  const found: AccountType[] = [topType];
  for (let i = 0; i < found.length; i++) {
    for (const [child, parents] of Object.entries(ALLOWED_PARENT_TYPES) as [AccountType, AccountType[]][]) {
      if (parents.includes(found[i]!) && !found.includes(child)) found.push(child);
    }
  }
  return found;
}

/**
 * Whether a hierarchy topped by an account of `topType` (the caller's company) can hold a new
 * account of `type` anywhere: the New menu offers only these (issue 10). Product accounts go where
 * their product allows, which only the server knows, so they count as possible.
 */
export function canHoldAccountType(topType: AccountType, type: AccountType): boolean {
  if (type === 'Product') return true;
  const below = accountTypesBelow(topType);
  return ALLOWED_PARENT_TYPES[type].some((parent) => below.includes(parent));
}
