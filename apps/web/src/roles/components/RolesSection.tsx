import { isAllowed, type Capability } from '@cmp/contracts/capabilities';
import { useLoadedAccount } from '../../accounts/public';
import { ROLE_RULES } from '../../platform/navigation/roleRules';
import { CapabilitySetsCard } from './CapabilitySetsCard';
import { RolesCard } from './RolesCard';

const ORGANISATION_TYPES = new Set(['Company', 'Reseller', 'Vendor']);

/**
 * The roles and capability sets of an organisation on its security tab (issue 17): companies,
 * resellers, vendors and the platform owner (the root account, whatever its type). The caller holds Roles Read.
 */
export function RolesSection({ accountId, capabilities }: { accountId: number; capabilities: readonly Capability[] }) {
  const account = useLoadedAccount(accountId).data;
  if (account?.AccountId !== accountId || !(ORGANISATION_TYPES.has(account.AccountType) || account.ParentAccountId === null)) return null;
  const permissions = {
    canSave: isAllowed(capabilities, ROLE_RULES.save),
    canDelete: isAllowed(capabilities, ROLE_RULES.delete),
    canAssign: isAllowed(capabilities, ROLE_RULES.assign),
  };
  return (
    <>
      <RolesCard ownerCompanyId={accountId} permissions={permissions} />
      <CapabilitySetsCard ownerCompanyId={accountId} permissions={permissions} />
    </>
  );
}
