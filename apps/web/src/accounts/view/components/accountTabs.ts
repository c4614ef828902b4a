import type { AccountType } from '@cmp/contracts/accounts';

/** The tabs of the account view (spec §2 account routes); `path` is appended to /account/{id}. */
export interface AccountTab {
  path: string;
  titleKey: string;
  /** Account types that show the tab; all types when absent. */
  types?: AccountType[];
}

export const ACCOUNT_TABS: AccountTab[] = [
  { path: '', titleKey: 'routes.account' },
  { path: '/users', titleKey: 'routes.users', types: ['Reseller', 'Company', 'Department'] },
  { path: '/available-services', titleKey: 'routes.available_services', types: ['Reseller', 'Company', 'Department', 'User'] },
  { path: '/provisioning', titleKey: 'routes.provisioning' },
  { path: '/notifications', titleKey: 'routes.notifications', types: ['Reseller', 'Company', 'Department', 'User'] },
  { path: '/audit-log', titleKey: 'routes.audit_log' },
  { path: '/user-log', titleKey: 'routes.user_log', types: ['User'] },
  { path: '/billing', titleKey: 'routes.billing', types: ['Reseller', 'Company'] },
  { path: '/service-info', titleKey: 'routes.service_info', types: ['Product'] },
  { path: '/security', titleKey: 'routes.security', types: ['Reseller', 'Company', 'Department'] },
  { path: '/user-security', titleKey: 'routes.user_security', types: ['User'] },
];
