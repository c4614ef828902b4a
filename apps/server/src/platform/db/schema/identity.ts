import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// Users, sessions and sign-in security: passwords, MFA, lockout counters, IP lists, SSO.

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
