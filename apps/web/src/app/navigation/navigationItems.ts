import { ACCOUNT_CAPABILITY, canHoldAccountType, type AccountType } from '@cmp/contracts/accountTypes';
import { isAllowed, requirement, type Capability, type SecurityRule } from '@cmp/contracts/capabilities';
import { ROUTE_RULES } from '../../platform/navigation/routeRules';

export interface NavigationLink {
  labelKey: string;
  to: string;
  rule?: SecurityRule;
  /** The accounts the link creates: offered only where the caller may create one of them and their hierarchy can hold it (issue 10). */
  createsAccountTypes?: AccountType[];
}

export interface NavigationGroup {
  labelKey: string;
  items: NavigationLink[];
}

export type NavigationEntry = NavigationLink | NavigationGroup;

/** spec §2 "Top navigation": items are hidden when their security check fails; a group with no visible item is hidden. */
export const TOP_NAVIGATION: NavigationEntry[] = [
  { labelKey: 'routes.explore', to: '/Marketplace/Explore', rule: ROUTE_RULES.marketplace },
  {
    labelKey: 'nav.marketplaces',
    items: [
      { labelKey: 'routes.pricelists', to: '/pricelists', rule: ROUTE_RULES.marketplace },
      { labelKey: 'nav.service_tool', to: '/Marketplace/MyServices', rule: ROUTE_RULES.myServices },
      { labelKey: 'routes.vendor_profile', to: '/Marketplace/VendorProfile', rule: ROUTE_RULES.vendorProfile },
    ],
  },
  {
    labelKey: 'nav.quotes',
    items: [
      { labelKey: 'routes.my_quotes', to: '/QuotationTool/Quotes', rule: ROUTE_RULES.myQuotes },
      { labelKey: 'routes.customer_quotes', to: '/QuotationTool/CustomerQuotes', rule: ROUTE_RULES.customerQuotes },
      { labelKey: 'nav.sales_tool', to: '/SalesQuotes', rule: ROUTE_RULES.salesQuotes },
    ],
  },
  {
    labelKey: 'nav.orders',
    items: [
      { labelKey: 'routes.provisioning', to: '/provisioning', rule: ROUTE_RULES.provisioning },
      { labelKey: 'routes.my_orders', to: '/orders/my-orders', rule: ROUTE_RULES.myOrders },
      { labelKey: 'routes.my_imports', to: '/provisioning/my-imports', rule: ROUTE_RULES.myImports },
      { labelKey: 'routes.request_review', to: '/orders/request-review', rule: ROUTE_RULES.requestReview },
    ],
  },
  { labelKey: 'routes.reports', to: '/reports', rule: ROUTE_RULES.reporting },
];

/**
 * spec §2 Footer "New menu"; the New button is disabled when none is allowed (rules of spec §6). An
 * item creating an account also needs a place for it: some account the caller's hierarchy can hold
 * that may be its parent (ALLOWED_PARENT_TYPES; a vendor's administrator gets no "New company").
 */
export const NEW_MENU: NavigationLink[] = [
  { labelKey: 'routes.create_service', to: '/Account/Create/Service', rule: ROUTE_RULES.createService, createsAccountTypes: ['Product'] },
  { labelKey: 'routes.create_user', to: '/Account/Create/User', rule: ROUTE_RULES.createUser, createsAccountTypes: ['User'] },
  { labelKey: 'routes.import_accounts', to: '/Account/Import', rule: ROUTE_RULES.importAccounts, createsAccountTypes: ['User', 'Product', 'Company'] },
  { labelKey: 'routes.create_department', to: '/Account/Create/Department', rule: ROUTE_RULES.createDepartment, createsAccountTypes: ['Department'] },
  { labelKey: 'routes.create_company', to: '/Account/Create/Company', rule: ROUTE_RULES.createCompany, createsAccountTypes: ['Company'] },
  { labelKey: 'routes.create_reseller', to: '/Account/Create/Reseller', rule: ROUTE_RULES.createReseller, createsAccountTypes: ['Reseller'] },
];

/** The New menu items a user may use: the capability, and for one of the accounts it creates a possible parent in their hierarchy (topped by their company). */
export function newMenuFor(capabilities: Capability[], companyType: AccountType): NavigationLink[] {
  const canCreate = (type: AccountType) => isAllowed(capabilities, requirement(ACCOUNT_CAPABILITY[type], ['Create'])) && canHoldAccountType(companyType, type);
  return NEW_MENU.filter((link) => isAllowed(capabilities, link.rule) && (!link.createsAccountTypes || link.createsAccountTypes.some(canCreate)));
}

export function isGroup(entry: NavigationEntry): entry is NavigationGroup {
  return 'items' in entry;
}

/** Active when the current path is the link's path or below it (spec §2 "active item and active parent highlighted"). */
export function isActivePath(pathname: string, to: string): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  return current === target || current.startsWith(`${target}/`);
}
