import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Every node of the hierarchy (DESIGN.md "Account hierarchy"): Reseller, Company, Department, User,
 * Product and Vendor. `path` is the materialised path of ids, `/1/57/1203/`, so "lies in the
 * caller's hierarchy" is a prefix test served by the text_pattern_ops index.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    parentId: integer('parent_id'),
    path: text('path').notNull().default(''),
    state: text('state').notNull().default('Active'),
    displayName: text('display_name').notNull(),
    productName: text('product_name'),
    views: jsonb('views').$type<Record<string, { Values: Record<string, unknown> }>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('accounts_type_idx').on(t.type),
    // Global search: "name contains" served by a trigram index (pg_trgm), not a scan.
    index('accounts_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    // Global search, prefixes in name order: a C-collated index serves LIKE 'text%' in any database
    // locale and hands the rows over already sorted (accountSearchPrefixQuery).
    index('accounts_display_name_lower_c_idx').on(sql`(lower(${t.displayName}) collate "C")`, t.id),
    // Integration search by a field's value: containment (views @> {View: {Values: {Field: value}}})
    // through this index instead of reading every account's views (integrationSearchQuery).
    index('accounts_views_path_ops_idx').using('gin', sql`${t.views} jsonb_path_ops`),
  ],
);

/** Credentials and personal settings of User accounts. */
export const users = pgTable(
  'users',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    locale: text('locale'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** The company's administrator flag (USER_CHANGE_ADMIN_STATUS): administrators get the company's administrator role. */
    isAdmin: boolean('is_admin').notNull().default(false),
    lastLogonAt: timestamp('last_logon_at', { withTimezone: true, mode: 'date' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // Usernames are unique case-insensitively (brute-force counters and sign-in both fold case).
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Global search by username prefix (see accounts_display_name_lower_c_idx).
    index('users_username_lower_c_idx').on(sql`(lower(${t.username}) collate "C")`),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * database dump cannot be replayed as a session. `publicId` is what the portal may see (SessionId).
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    publicId: text('public_id').notNull(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    impersonatorAccountId: integer('impersonator_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userAccountId)],
);

/** Capability sets, managed per owning company (spec §6). */
export const capabilitySets = pgTable('capability_sets', {
  id: serial('id').primaryKey(),
  ownerAccountId: integer('owner_account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
  isTemplate: boolean('is_template').notNull().default(false),
  createdAt: createdAt(),
});

export const capabilitySetItems = pgTable(
  'capability_set_items',
  {
    id: serial('id').primaryKey(),
    capabilitySetId: integer('capability_set_id')
      .notNull()
      .references(() => capabilitySets.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    canRead: boolean('can_read').notNull().default(false),
    canCreate: boolean('can_create').notNull().default(false),
    canExecute: boolean('can_execute').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    value: text('value'),
  },
  (t) => [index('capability_set_items_set_idx').on(t.capabilitySetId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  ownerAccountId: integer('owner_account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const roleCapabilitySets = pgTable(
  'role_capability_sets',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    capabilitySetId: integer('capability_set_id')
      .notNull()
      .references(() => capabilitySets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.capabilitySetId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.roleId] })],
);

/** Append-only (a trigger refuses UPDATE and DELETE, see the migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorAccountId: integer('actor_account_id'),
    impersonatorAccountId: integer('impersonator_account_id'),
    accountId: integer('account_id'),
    accountPath: text('account_path'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.occurredAt),
    index('audit_log_path_idx').using('btree', sql`${t.accountPath} text_pattern_ops`),
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);

/** Branding per owner account; the platform owner's row is what /branding/latest serves. */
export const branding = pgTable('branding', {
  ownerAccountId: integer('owner_account_id')
    .primaryKey()
    .references(() => accounts.id),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Stored files (logos, favicons, service icons) served by /branding/latest and /keeper. */
export const storedFiles = pgTable('stored_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

// ── Identity and sign-in security ────────────────────────────────────────────────────────────

/** Hashes of earlier passwords, for the "not one of the last 10" rule (spec §5). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userAccountId, t.createdAt)],
);

/** An owner's password policy overrides the defaults for every user below it. */
export const passwordPolicies = pgTable('password_policies', {
  ownerAccountId: integer('owner_account_id')
    .primaryKey()
    .references(() => accounts.id),
  policy: jsonb('policy').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Single-use reset links; only a hash of the token is kept. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userAccountId: integer('user_account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Mail without SMTP_URL lands here (DESIGN.md "mail"); with it, sent mail is recorded too. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
});

export const mfaMethods = pgTable(
  'mfa_methods',
  {
    id: serial('id').primaryKey(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Base32 TOTP secret (authenticator app only). */
    secret: text('secret'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    isPending: boolean('is_pending').notNull().default(true),
    /** The last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_methods_user_idx').on(t.userAccountId)],
);

/** E-mailed one-time codes (hashed), for sign-in and for confirming an e-mail method. */
export const mfaEmailCodes = pgTable(
  'mfa_email_codes',
  {
    id: serial('id').primaryKey(),
    methodId: integer('method_id')
      .notNull()
      .references(() => mfaMethods.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_email_codes_method_idx').on(t.methodId)],
);

/** MFA enforcement per account or hierarchy (spec §6 companyMFAPolicy). */
export const mfaPolicies = pgTable('mfa_policies', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  isEnforced: boolean('is_enforced').notNull().default(false),
  appliesToHierarchy: boolean('applies_to_hierarchy').notNull().default(true),
  excludedUserIds: jsonb('excluded_user_ids').$type<number[]>().notNull().default([]),
  restrictChildAccounts: boolean('restrict_child_accounts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Brute-force counters (Keycloak's model, issue 11): one row per lower-case username and source
 * address, so a lock shuts out only the address that earned it (nobody can lock another person
 * out), and one row per address alone (username '') for the 429 limit on password spraying.
 * Unknown usernames get no row; a row is swept once it expires. Updated with atomic upserts.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    username: text('username').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** When the row no longer matters (lock over and counter reset): the sweeper deletes it then. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.address] }), index('sign_in_failures_expires_at_idx').on(t.expiresAt)],
);

/** Requests counted per window (password reset mails per address and per user, issue 11). */
export const requestLimits = pgTable(
  'request_limits',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    requests: integer('requests').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index('request_limits_expires_at_idx').on(t.expiresAt)],
);

/** IP allow/deny lists per account; they apply to the account and everything below it. */
export const ipRestrictions = pgTable('ip_restrictions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  allowList: text('allow_list').notNull().default(''),
  denyList: text('deny_list').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** OpenID Connect providers: the public part is in branding's sso_setup_list, the secret only here. */
export const ssoProviders = pgTable('sso_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  scope: text('scope').notNull().default('openid email profile'),
});

export const ssoLinks = pgTable(
  'sso_links',
  {
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] })],
);

/** A verified SSO subject waiting to be linked by the user's password (route /sso-link/{id}). */
export const ssoPendingLinks = pgTable('sso_pending_links', {
  tokenHash: text('token_hash').primaryKey(),
  providerId: text('provider_id').notNull(),
  subject: text('subject').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ── Portal shell: support details, terms, page views ─────────────────────────────────────────

/** Support contact details a reseller (or the owner) publishes; accounts below inherit the nearest. */
export const supportDetails = pgTable('support_details', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Terms and conditions and the privacy policy of an owner, shown to the users below it. */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    termsText: text('terms_text').notNull(),
    pathToTermsPdf: text('path_to_terms_pdf'),
    isPrivacyPolicy: boolean('is_privacy_policy').notNull().default(false),
    productName: text('product_name'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('terms_owner_idx').on(t.ownerAccountId)],
);

export const termAcceptances = pgTable(
  'term_acceptances',
  {
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.userAccountId] })],
);

/** Page views the portal reports (spec §9 analytics), kept by the server instead of a third party. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAccountId: integer('user_account_id'),
    path: text('path').notNull(),
    instanceId: text('instance_id'),
    event: text('event').notNull().default('page_view'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('page_views_occurred_idx').on(t.occurredAt)],
);

/**
 * The fields of one view (spec §3 "Views holding Values by view name"): data, not code, so an owner
 * can add fields without a release. `fields` is a list of field definitions (name, type, rules).
 */
export const viewDefinitions = pgTable('view_definitions', {
  name: text('name').primaryKey(),
  fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Pages → Containers → Fields per account type, view and (for Product accounts) product (spec §3 "View layout"). */
export const viewLayouts = pgTable(
  'view_layouts',
  {
    id: serial('id').primaryKey(),
    accountType: text('account_type').notNull(),
    view: text('view').notNull(),
    productName: text('product_name').notNull().default(''),
    pages: jsonb('pages').$type<Record<string, unknown>[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('view_layouts_key_idx').on(t.accountType, t.view, t.productName)],
);

/** Members of the enumerations fields offer in a Combobox (countries, currencies …). */
export const enumData = pgTable('enum_data', {
  name: text('name').primaryKey(),
  members: jsonb('members').$type<Record<string, unknown>[]>().notNull().default([]),
});

/**
 * What can be subscribed (a Product account is a subscription to one). The catalog issue grows
 * this into services with prices; accounts need the name, the vendor and where it may be ordered.
 */
export const products = pgTable('products', {
  name: text('name').primaryKey(),
  displayName: text('display_name').notNull(),
  vendorAccountId: integer('vendor_account_id').references(() => accounts.id),
  /** Account types a subscription of this product may sit under, e.g. ['Company'] or ['User']. */
  parentTypes: jsonb('parent_types').$type<string[]>().notNull().default(['Company']),
  isPrepaid: boolean('is_prepaid').notNull().default(false),
  commitment: text('commitment').notNull().default('1-month'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** The commercial terms of a Product account (spec §3 "Subscription"). */
export const subscriptions = pgTable('subscriptions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  productName: text('product_name')
    .notNull()
    .references(() => products.name),
  quantity: integer('quantity').notNull().default(1),
  isPrepaid: boolean('is_prepaid').notNull().default(false),
  /** 'Renew' or 'Terminate' at the end of the commitment. */
  autoRenew: text('auto_renew').notNull().default('Renew'),
  /** '1-month', 'annual', '3-year' or 'other'. */
  commitment: text('commitment').notNull().default('1-month'),
  minimumContractEndDate: timestamp('minimum_contract_end_date', { withTimezone: true, mode: 'date' }),
  lockPeriodEndDate: timestamp('lock_period_end_date', { withTimezone: true, mode: 'date' }),
  hasPriceProtection: boolean('has_price_protection').notNull().default(false),
  createdAt: createdAt(),
});

/** Terminations asked for (spec §4 "Termination"): immediate ones are Done at once, scheduled ones wait for their job. */
export const accountTerminations = pgTable(
  'account_terminations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'Scheduled', 'Done' or 'Cancelled'. */
    status: text('status').notNull(),
    terminateAt: timestamp('terminate_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason').notNull().default(''),
    sendToSdp: boolean('send_to_sdp').notNull().default(false),
    requestedByAccountId: integer('requested_by_account_id'),
    requestedAt: createdAt(),
    cancelledByAccountId: integer('cancelled_by_account_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('account_terminations_account_idx').on(t.accountId),
    // At most one open (scheduled) termination per account.
    uniqueIndex('account_terminations_scheduled_idx').on(t.accountId).where(sql`${t.status} = 'Scheduled'`),
  ],
);

/** Which e-mails an account receives (spec §5 "Notification preferences"). */
export const notificationPreferences = pgTable('notification_preferences', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ── Orders, provisioning and the knowledge base ──────────────────────────────────────────────
// The shell's assistant answers from these (issue 5); the orders and provisioning screens build on them.

/** A money amount: numeric, never floating point (DESIGN.md); the row carries its currency. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const ORDER_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;

/**
 * A credit-check order (spec §3 "Order", §4 "Order approval"): an order above the customer's credit
 * waits as Pending until an Account Manager approves or rejects it, or it is cancelled.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The customer company; who may see the order follows from its place in the hierarchy. */
    companyAccountId: integer('company_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Where the new subscription is to sit: the company, one of its departments or users. */
    parentAccountId: integer('parent_account_id')
      .notNull()
      .references(() => accounts.id),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => accounts.id),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull(),
    orderValue: money('order_value').notNull(),
    creditLimit: money('credit_limit'),
    projectedInvoice: money('projected_invoice'),
    approvalStatus: text('approval_status', { enum: ORDER_APPROVAL_STATUSES }).notNull().default('Pending'),
    /** Why the credit check held the order, or why it was rejected or cancelled. */
    reason: text('reason').notNull().default(''),
    createdByAccountId: integer('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    decidedByAccountId: integer('decided_by_account_id').references(() => accounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('orders_company_status_idx').on(t.companyAccountId, t.approvalStatus),
    index('orders_creator_idx').on(t.createdByAccountId),
    check('orders_approval_status_check', sql`${t.approvalStatus} in ('Pending', 'Approved', 'Rejected', 'Cancelled')`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const PROVISIONING_ORDER_STATUSES = ['Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled'] as const;

/**
 * What was sent to a vendor to create, change or end a subscription (spec §3 "Provisioning request").
 * `orderStatus` is ours, `productStatus` the vendor's; a Failed request that is not final waits for
 * someone to retry, resubmit, escalate, complete or cancel it (spec §4 "Provisioning actions").
 */
export const provisioningRequests = pgTable(
  'provisioning_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    companyAccountId: integer('company_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The Product account (subscription) concerned; empty while a new one is not yet created. */
    subscriptionAccountId: integer('subscription_account_id').references(() => accounts.id),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    /** 'Create', 'Modify' or 'Terminate'. */
    action: text('action').notNull().default('Create'),
    orderStatus: text('order_status', { enum: PROVISIONING_ORDER_STATUSES }).notNull().default('Submitted'),
    productStatus: text('product_status').notNull().default('Pending'),
    isFinalStatus: boolean('is_final_status').notNull().default(false),
    rollbackCompleted: boolean('rollback_completed').notNull().default(false),
    errorMessage: text('error_message'),
    /** The vendor's id of the customer (its tenant). */
    customerId: text('customer_id'),
    sendDate: timestamp('send_date', { withTimezone: true, mode: 'date' }),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('provisioning_requests_company_status_idx').on(t.companyAccountId, t.orderStatus),
    index('provisioning_requests_creator_idx').on(t.createdByAccountId),
    check('provisioning_requests_order_status_check', sql`${t.orderStatus} in ('Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled')`),
  ],
);

/**
 * Articles of an owner's knowledge base (the support menu's "knowledge base"), per language. The
 * assistant answers questions from them through the full-text index; `searchConfig` is the text
 * search configuration of the article's language, so words are stemmed as that language does.
 */
export const knowledgeBaseArticles = pgTable(
  'knowledge_base_articles',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    locale: text('locale').notNull().default('en'),
    searchConfig: regconfig('search_config').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** The steps or paragraphs, one per line. */
    body: text('body').notNull(),
    url: text('url'),
    isPublished: boolean('is_published').notNull().default(true),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector(${knowledgeBaseArticles.searchConfig}, ${knowledgeBaseArticles.title}), 'A') || setweight(to_tsvector(${knowledgeBaseArticles.searchConfig}, ${knowledgeBaseArticles.summary} || ' ' || ${knowledgeBaseArticles.body}), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_base_articles_owner_idx').on(t.ownerAccountId, t.locale),
    index('knowledge_base_articles_search_idx').using('gin', t.searchVector),
  ],
);
