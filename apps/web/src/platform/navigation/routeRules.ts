import { requirement, type SecurityRule } from '@cmp/contracts/capabilities';

// Route rules of spec §2 and, for the legacy area, the rule of the menu item leading there (spec §6:
// "a menu item is hidden and a route blocked without its permission").
const read = (objectType: Parameters<typeof requirement>[0]) => requirement(objectType, ['Read']);
const create = (objectType: Parameters<typeof requirement>[0]) => requirement(objectType, ['Create']);
export const ROUTE_RULES = {
  administrative: read('ADMINISTRATIVE'),
  myImports: read('MY_IMPORTS'),
  marketplace: read('MARKETPLACE'),
  myServices: read('MY_SERVICES'),
  vendorProfile: read('PRODUCT_OWNER_PROFILE'),
  myQuotes: read('QUOTATION_TOOL'),
  customerQuotes: requirement('QUOTATION_TOOL', ['Read'], 'HIERARCHY'),
  salesQuotes: read('SALESQUOTE'),
  provisioning: { any: [read('FAILED_PROVISIONING'), read('FAILED_PROVISIONING_OWNED')] },
  myOrders: read('CREDIT_CHECK_COMPANY_ORDERS'),
  requestReview: read('CREDIT_CHECK_ORDER_MANAGEMENT'),
  reporting: read('REPORTING'),
  customLandingPage: create('CUSTOM_LANDING_PAGE'),
  notifications: read('NOTIFICATIONS'),
  // spec §6 "New menu needs Create on …"; import needs Create on any of user, product or company account.
  createService: create('PRODUCT_ACCOUNT'),
  createUser: create('USER_ACCOUNT'),
  createDepartment: create('DEPARTMENT_ACCOUNT'),
  createCompany: create('COMPANY_ACCOUNT'),
  createReseller: create('RESELLER_ACCOUNT'),
  importAccounts: { any: [create('USER_ACCOUNT'), create('PRODUCT_ACCOUNT'), create('COMPANY_ACCOUNT')] },
} satisfies Record<string, SecurityRule>;
