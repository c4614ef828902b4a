import { CAPABILITY_OBJECT_TYPES, type Capability, type CapabilityObjectType } from '@cmp/contracts/capabilities';

const all = (ObjectType: CapabilityObjectType, Value: Capability['Value'] = null): Capability => ({
  ObjectType,
  Read: true,
  Create: true,
  Execute: true,
  Delete: true,
  Value,
});
const only = (ObjectType: CapabilityObjectType, flags: Partial<Pick<Capability, 'Read' | 'Create' | 'Execute' | 'Delete'>>): Capability => ({
  ObjectType,
  Read: false,
  Create: false,
  Execute: false,
  Delete: false,
  Value: null,
  ...flags,
});

/** The platform owner's and resellers' administrators: every capability, reseller-wide where a value applies. */
export const RESELLER_ADMIN_CAPABILITIES: Capability[] = [
  ...CAPABILITY_OBJECT_TYPES.map((type) => all(type)),
  all('QUOTATION_TOOL', 'HIERARCHY'),
];

// What only the top of a hierarchy (platform owner, reseller) may do.
const RESELLER_ONLY: CapabilityObjectType[] = [
  'ADMINISTRATIVE',
  'BRANDING',
  'RESELLER_ACCOUNT',
  'RESELLER_TICKETING',
  'SERVICE_PROPAGATION',
  'PROVISIONING_REQUEST_SYSTEM',
  'PROVISIONING_REQUEST_SKIP_BACKEND',
  'BILLING_RUN',
  'PRICING_RULES',
  'CREDIT_CHECK_ORDER_MANAGEMENT',
  'VENDOR_ACCOUNT',
  'PRODUCT_OWNER_PROFILE',
  'SERVICE_TOOL_EDIT',
  'SERVICE_TOOL_EXPORT',
  'SERVICE_TOOL_GROUPS',
  'MY_SERVICES',
];

export const COMPANY_ADMIN_CAPABILITIES: Capability[] = CAPABILITY_OBJECT_TYPES.filter((t) => !RESELLER_ONLY.includes(t)).map((type) => all(type));

/**
 * DESIGN.md demo cast: a plain user has Login, their own account and Explore. Their own account
 * needs no capability (every user reads it); USER_ACCOUNT Read would open every colleague's account
 * — e-mail, username, phone — which a plain user must not see (issue 10).
 */
export const USER_CAPABILITIES: Capability[] = [
  only('LOGIN', { Execute: true }),
  only('MARKETPLACE', { Read: true }),
  // spec §2, §6: every user sees the support panel and menu and reads and accepts the terms.
  only('SUPPORT_CONTACT_DETAILS', { Read: true }),
  only('WIKI', { Read: true }),
  only('CONFIRMED_TERMS', { Read: true }),
];

export const VENDOR_ADMIN_CAPABILITIES: Capability[] = [
  only('LOGIN', { Execute: true }),
  only('USER_ACCOUNT', { Read: true, Create: true }),
  // A vendor's administrator adds colleagues and gives them the vendor's roles (issue 10).
  only('ROLES', { Read: true, Execute: true }),
  only('VENDOR_ACCOUNT', { Read: true }),
  all('PRODUCT_OWNER_PROFILE'),
  all('MY_SERVICES'),
  all('SERVICE_TOOL_EDIT'),
  all('SERVICE_TOOL_EXPORT'),
  only('AUDIT_LOG', { Read: true }),
];
