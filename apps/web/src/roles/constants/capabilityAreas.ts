import type { CapabilityFlag, CapabilityObjectType } from '@cmp/contracts/capabilities';

export const CAPABILITY_FLAGS: CapabilityFlag[] = ['Read', 'Create', 'Execute', 'Delete'];

/**
 * The areas the matrix editor and the effective capabilities group object types by (issue 17: "object
 * types grouped by area with readable names"); every object type of the contracts in exactly one area.
 */
export const CAPABILITY_AREAS = {
  accounts: ['COMPANY_ACCOUNT', 'DEPARTMENT_ACCOUNT', 'RESELLER_ACCOUNT', 'VENDOR_ACCOUNT', 'PRODUCT_ACCOUNT', 'ACCOUNT_MOVE', 'ACCOUNT_NOTES', 'MY_IMPORTS'],
  users: [
    'USER_ACCOUNT',
    'USER_CHANGE_ADMIN_STATUS',
    'USER_CHANGE_PASSWORD',
    'USER_CHANGE_STATUS',
    'USER_CHANGE_USERNAME',
    'USER_EXPORT',
    'USER_MULTIFACTOR_AUTHENTICATION',
    'USER_RESET_PASSWORD',
  ],
  security: ['LOGIN', 'ROLES', 'IMPERSONATE', 'IP_RESTRICTIONS', 'ENFORCE_MFA', 'DISABLE_MFA', 'PASSWORD_POLICY', 'AUDIT_LOG'],
  billing: ['BILLING_ONLINE_BILL', 'BILLING_INVOICES', 'BILLING_CUSTOM_CHARGES', 'BILLING_RUN', 'PRICING_RULES', 'CREDIT_CHECK_COMPANY_ORDERS', 'CREDIT_CHECK_ORDER_MANAGEMENT'],
  services: ['MARKETPLACE', 'MY_SERVICES', 'SUBSCRIPTION', 'SERVICE_PROPAGATION', 'SERVICE_TOOL_EDIT', 'SERVICE_TOOL_EXPORT', 'SERVICE_TOOL_GROUPS', 'PRODUCT_OWNER_PROFILE'],
  provisioning: [
    'PROVISIONING_REQUEST',
    'PROVISIONING_REQUEST_OWNED',
    'PROVISIONING_REQUEST_SKIP_BACKEND',
    'PROVISIONING_REQUEST_SYSTEM',
    'FAILED_PROVISIONING',
    'FAILED_PROVISIONING_OWNED',
  ],
  sales: ['QUOTATION_TOOL', 'SALESQUOTE', 'PRICEQUOTES', 'CAMPAIGNS'],
  support: ['TICKETING', 'RESELLER_TICKETING', 'SUPPORT_CONTACT_DETAILS', 'CHAT_BOT', 'CO_BROWSING', 'WIKI', 'NOTIFICATIONS'],
  portal: ['ADMINISTRATIVE', 'BRANDING', 'CUSTOM_LANDING_PAGE', 'CONFIRMED_TERMS', 'REPORTING', 'BETA_TESTER'],
} as const satisfies Record<string, readonly CapabilityObjectType[]>;

export type CapabilityArea = keyof typeof CAPABILITY_AREAS;

export const AREA_OF_OBJECT_TYPE = new Map<CapabilityObjectType, CapabilityArea>(
  Object.entries(CAPABILITY_AREAS).flatMap(([area, types]) => types.map((type) => [type, area as CapabilityArea] as const)),
);
