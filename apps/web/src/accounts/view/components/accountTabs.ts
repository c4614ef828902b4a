import type { AccountType } from '@cmp/contracts/accounts';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { isAllowed, requirement, type Capability, type SecurityRule } from '@cmp/contracts/capabilities';
import { SECURITY_RULES } from '../../../platform/navigation/securityRules';
import { ROLE_RULES } from '../../../platform/navigation/roleRules';

/** The tabs of the account view (spec §2 account routes); `path` is appended to /account/{id}. */
export interface AccountTab {
  path: string;
  titleKey: string;
  /** Account types that show the tab; all types when absent. */
  types?: AccountType[];
  /** The capability the tab's content needs (the rule its server operations check); none: reading the account is enough. */
  rule?: SecurityRule;
  /** The tab is the user's own business on their own account, whatever the rule says (their MFA methods). */
  isOpenOnOwnAccount?: boolean;
}

const read = (objectType: Parameters<typeof requirement>[0]) => requirement(objectType, ['Read']);

export const ACCOUNT_TABS: AccountTab[] = [
  { path: '', titleKey: 'routes.account' },
  { path: '/users', titleKey: 'routes.users', types: ['Reseller', 'Company', 'Department'], rule: read('USER_ACCOUNT') },
  // spec §6 "New menu needs Create on product account (order service)": what may be ordered under the account.
  { path: '/available-services', titleKey: 'routes.available_services', types: ['Company', 'Department', 'User'], rule: requirement('PRODUCT_ACCOUNT', ['Create']) },
  // The rights IProvisioningService/GetProvisioningRequests asks for (issue 14).
  { path: '/provisioning', titleKey: 'routes.provisioning', rule: { any: [read('FAILED_PROVISIONING'), read('FAILED_PROVISIONING_OWNED')] } },
  { path: '/notifications', titleKey: 'routes.notifications', types: ['Reseller', 'Company', 'Department', 'User'], rule: read('NOTIFICATIONS') },
  { path: '/audit-log', titleKey: 'routes.audit_log', rule: read('AUDIT_LOG') },
  { path: '/user-log', titleKey: 'routes.user_log', types: ['User'], rule: read('AUDIT_LOG') },
  { path: '/billing', titleKey: 'routes.billing', types: ['Reseller', 'Company'], rule: { any: [read('BILLING_ONLINE_BILL'), read('BILLING_INVOICES'), read('BILLING_CUSTOM_CHARGES')] } },
  { path: '/service-info', titleKey: 'routes.service_info', types: ['Product'] },
  {
    path: '/security',
    titleKey: 'routes.security',
    types: ['Reseller', 'Company', 'Department'],
    // Also the organisation's roles and capability sets (issue 17).
    rule: { any: [SECURITY_RULES.viewIpRestrictions, SECURITY_RULES.viewMfaPolicy, SECURITY_RULES.viewSignInPolicy, ROLE_RULES.view] },
  },
  {
    path: '/user-security',
    titleKey: 'routes.user_security',
    types: ['User'],
    // Another user's methods: USER_MULTIFACTOR_AUTHENTICATION or DISABLE_MFA, Read or Execute (as GetAuthenticationMethods checks).
    // Also what the user can do in the end (issue 17, Roles Read).
    rule: { any: [...(['USER_MULTIFACTOR_AUTHENTICATION', 'DISABLE_MFA'] as const).flatMap((type) => [read(type), requirement(type, ['Execute'])]), ROLE_RULES.view] },
    isOpenOnOwnAccount: true,
  },
];

/**
 * The tabs an account shows to this caller (issue 10): those of its type whose capability the
 * caller holds — a tab that would only say "no permission" is not offered at all.
 */
export function accountTabsFor(account: Pick<LoadedAccount, 'AccountId' | 'AccountType'>, capabilities: readonly Capability[], ownUserAccountId: number | undefined): AccountTab[] {
  const isOwnAccount = account.AccountId === ownUserAccountId;
  return ACCOUNT_TABS.filter((tab) => (!tab.types || tab.types.includes(account.AccountType)) && ((tab.isOpenOnOwnAccount && isOwnAccount) || isAllowed(capabilities, tab.rule)));
}
