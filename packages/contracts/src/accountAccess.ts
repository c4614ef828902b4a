import { ACCOUNT_CAPABILITY, type AccountType } from './accounts';
import { isAllowed, requirement, type Capability, type CapabilityRequirement } from './capabilities';

// DESIGN.md "Access control" and issue 10: who may read an account. The same check guards every
// operation naming an account on the server and decides which accounts, tabs and links the portal
// offers, so the portal never shows what the server then refuses.

/** Read on the capability of the account's type (COMPANY_ACCOUNT Read to read a company …). */
export const accountReadRequirement = (type: AccountType): CapabilityRequirement => requirement(ACCOUNT_CAPABILITY[type] ?? 'ADMINISTRATIVE', ['Read']);

/**
 * Whether the caller may read an account (inside their hierarchy, which the server checks apart):
 * Read on its type's capability, or it is the caller's own user account, which every user reads.
 */
export function mayReadAccount(capabilities: readonly Capability[], account: { id: number; type: AccountType }, ownUserAccountId: number | undefined): boolean {
  return account.id === ownUserAccountId || isAllowed(capabilities, accountReadRequirement(account.type));
}
