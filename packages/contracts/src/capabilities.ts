// Capability model of DESIGN.md "Access control" and spec §6: a capability is an object type plus
// action flags and an optional value such as HIERARCHY. The same check guards menus and routes in
// the portal and operations on the server.

export const CAPABILITY_OBJECT_TYPES = [
  'LOGIN',
  'ACCOUNT_MOVE',
  'ACCOUNT_NOTES',
  'ADMINISTRATIVE',
  'AUDIT_LOG',
  'BETA_TESTER',
  'BILLING_ONLINE_BILL',
  'BILLING_INVOICES',
  'BILLING_CUSTOM_CHARGES',
  'BILLING_RUN',
  'BRANDING',
  'CAMPAIGNS',
  'CHAT_BOT',
  'CO_BROWSING',
  'COMPANY_ACCOUNT',
  'CONFIRMED_TERMS',
  'CREDIT_CHECK_COMPANY_ORDERS',
  'CREDIT_CHECK_ORDER_MANAGEMENT',
  'CUSTOM_LANDING_PAGE',
  'DEPARTMENT_ACCOUNT',
  'DISABLE_MFA',
  'ENFORCE_MFA',
  'FAILED_PROVISIONING',
  'FAILED_PROVISIONING_OWNED',
  'IMPERSONATE',
  'IP_RESTRICTIONS',
  'MARKETPLACE',
  'MY_IMPORTS',
  'MY_SERVICES',
  'NOTIFICATIONS',
  'PASSWORD_POLICY',
  'PRICEQUOTES',
  'PRICING_RULES',
  'PRODUCT_ACCOUNT',
  'PRODUCT_OWNER_PROFILE',
  'PROVISIONING_REQUEST',
  'PROVISIONING_REQUEST_OWNED',
  'PROVISIONING_REQUEST_SKIP_BACKEND',
  'PROVISIONING_REQUEST_SYSTEM',
  'QUOTATION_TOOL',
  'REPORTING',
  'RESELLER_ACCOUNT',
  'RESELLER_TICKETING',
  'ROLES',
  'SALESQUOTE',
  'SERVICE_PROPAGATION',
  'SERVICE_TOOL_EDIT',
  'SERVICE_TOOL_EXPORT',
  'SERVICE_TOOL_GROUPS',
  'SUBSCRIPTION',
  'SUPPORT_CONTACT_DETAILS',
  'TICKETING',
  'USER_ACCOUNT',
  'USER_CHANGE_ADMIN_STATUS',
  'USER_CHANGE_PASSWORD',
  'USER_CHANGE_STATUS',
  'USER_CHANGE_USERNAME',
  'USER_EXPORT',
  'USER_MULTIFACTOR_AUTHENTICATION',
  'USER_RESET_PASSWORD',
  'VENDOR_ACCOUNT',
  'WIKI',
] as const;

export type CapabilityObjectType = (typeof CAPABILITY_OBJECT_TYPES)[number];

export const CAPABILITY_VALUES = ['HIERARCHY'] as const;
export type CapabilityValue = (typeof CAPABILITY_VALUES)[number];

/** A capability as the session user carries it (spec §3, "Capability (list of objects with ObjectType and action flags)"). */
export interface Capability {
  ObjectType: CapabilityObjectType;
  Read: boolean;
  Create: boolean;
  Execute: boolean;
  Delete: boolean;
  Value: CapabilityValue | null;
}

export type CapabilityFlag = 'Read' | 'Create' | 'Execute' | 'Delete';

/** One requirement: the object type, the flags that must all hold and, optionally, the value. */
export interface CapabilityRequirement {
  objectType: CapabilityObjectType;
  flags: CapabilityFlag[];
  value?: CapabilityValue;
}

/** Requirements combine with AND (`all`) and OR (`any`), nested as deep as needed. */
export type SecurityRule = CapabilityRequirement | { all: SecurityRule[] } | { any: SecurityRule[] };

export function requirement(objectType: CapabilityObjectType, flags: CapabilityFlag[], value?: CapabilityValue): CapabilityRequirement {
  return value ? { objectType, flags, value } : { objectType, flags };
}

/** The capabilities that satisfy one requirement: same object type, every requested flag, and the value if one is asked. */
export function matchingCapabilities(capabilities: readonly Capability[], req: CapabilityRequirement): Capability[] {
  return capabilities.filter(
    (cap) =>
      cap.ObjectType === req.objectType &&
      req.flags.every((flag) => cap[flag]) &&
      (req.value === undefined || cap.Value === req.value),
  );
}

/** spec §6: a check passes if any one capability matches all requested flags; checks combine with AND / OR. */
export function isAllowed(capabilities: readonly Capability[], rule: SecurityRule | undefined): boolean {
  if (!rule) return true;
  if ('all' in rule) return rule.all.every((r) => isAllowed(capabilities, r));
  if ('any' in rule) return rule.any.some((r) => isAllowed(capabilities, r));
  return matchingCapabilities(capabilities, rule).length > 0;
}

/**
 * Whether someone holding `holder` may hand out `granted` (a role's capabilities): every flag of every
 * granted capability must be one the holder has on that object type — with the same value, when the
 * granted one carries a value (HIERARCHY). Nobody can give away more than they have.
 */
export function isGrantableBy(granted: readonly Capability[], holder: readonly Capability[]): boolean {
  const flags: CapabilityFlag[] = ['Read', 'Create', 'Execute', 'Delete'];
  return granted.every((capability) =>
    flags.filter((flag) => capability[flag]).every((flag) => isAllowed(holder, requirement(capability.ObjectType, [flag], capability.Value ?? undefined))),
  );
}

export const LOGIN_RULE: SecurityRule = requirement('LOGIN', ['Execute']);
