import { z } from 'zod';
import { accountIdSchema } from './accounts';

// Identity and sign-in security (spec §4 login, password reset, MFA methods; §5 validation; §7
// Authorization, Self care and the Account service's two-factor operations).

const password = z.string().min(1, 'is required').max(1024);

/** The password rules of spec §5, as ValidateUserPassword reports the unmet ones. */
export const PASSWORD_RULES = ['min_length', 'digit', 'special', 'uppercase', 'lowercase', 'history', 'compromised', 'personal_info'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const validateUserPasswordRequestSchema = z
  .object({
    password,
    /** For the reset screen, where nobody is signed in: the user and the reset token. */
    username: z.string().max(256).optional(),
    token: z.string().max(256).optional(),
  })
  .strict();
export const validateUserPasswordResponseSchema = z.object({
  IsValid: z.boolean(),
  UnmetRules: z.array(z.enum(PASSWORD_RULES)),
  MinLength: z.number().int(),
});
export type ValidateUserPasswordResponse = z.infer<typeof validateUserPasswordResponseSchema>;

export const changeMyPasswordRequestSchema = z.object({ currentPassword: password, newPassword: password }).strict();
export const requestResetPasswordRequestSchema = z.object({ username: z.string().trim().min(1, 'is required').max(256) }).strict();
export const resetPasswordRequestSchema = z
  .object({ username: z.string().trim().min(1, 'is required').max(256), newPassword: password, token: z.string().min(1, 'is required').max(256) })
  .strict();

// ── Multi-factor authentication ───────────────────────────────────────────────────────────────
export const MFA_METHOD_KINDS = ['AuthenticatorApp', 'Email'] as const;
export type MfaMethodKind = (typeof MFA_METHOD_KINDS)[number];

export const mfaMethodSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  AuthenticationMethod: z.enum(MFA_METHOD_KINDS),
  IsPrimary: z.boolean(),
  IsEnabled: z.boolean(),
  /** Set up but not yet confirmed with a first code. */
  IsPending: z.boolean(),
  CreatedAt: z.string(),
});
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

const methodName = z.string().trim().min(1, 'is required').max(80);

export const getAuthenticationMethodsRequestSchema = z.object({ userAccountId: accountIdSchema }).strict();
export const getAuthenticationMethodsResponseSchema = z.object({
  Methods: z.array(mfaMethodSchema),
  IsMfaEnforced: z.boolean(),
});

export const setupAuthenticationMethodRequestSchema = z
  .object({ authenticationMethod: z.enum(MFA_METHOD_KINDS), newName: methodName })
  .strict();
export const setupAuthenticationMethodResponseSchema = z.object({
  AuthenticationMethodId: z.number().int(),
  /** Authenticator app only: the base32 secret, the otpauth:// URI and a QR code of it as a data URL. */
  Secret: z.string().nullable(),
  OtpAuthUri: z.string().nullable(),
  QrCodeDataUrl: z.string().nullable(),
  /** E-mail only: where the code was sent, partly masked. */
  SentTo: z.string().nullable(),
});
export type SetupAuthenticationMethodResponse = z.infer<typeof setupAuthenticationMethodResponseSchema>;

export const confirmAuthenticationMethodRequestSchema = z
  .object({ authenticationMethodId: z.number().int(), mfaToken: z.string().trim().min(1, 'is required').max(16) })
  .strict();
export const authenticationMethodIdRequestSchema = z.object({ authenticationMethodId: z.number().int() }).strict();
export const renameAuthenticationMethodRequestSchema = z.object({ authenticationMethodId: z.number().int(), newName: methodName }).strict();
export const setPrimaryAuthenticationMethodRequestSchema = z.object({ mfaMethodId: z.number().int() }).strict();
export const disableUserMfaRequestSchema = z.object({ userAccountId: accountIdSchema }).strict();

/** Sign-in with an e-mailed code: the password step's credentials ask for a code to be sent. */
export const sendSecurityCodeNotificationRequestSchema = z
  .object({ userName: z.string().trim().min(1, 'is required').max(256), password, mfaMethodId: z.number().int() })
  .strict();

export const companyMfaPolicySchema = z
  .object({
    AccountId: accountIdSchema,
    IsEnforced: z.boolean(),
    /** Also for every account below this one. */
    AppliesToHierarchy: z.boolean(),
    ExcludedUserIds: z.array(accountIdSchema).max(1000),
    /** Child accounts may not loosen this policy. */
    RestrictChildAccounts: z.boolean(),
  })
  .strict();
export type CompanyMfaPolicy = z.infer<typeof companyMfaPolicySchema>;
export const getMfaPolicyRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getMfaPolicyResponseSchema = z.object({
  Policy: companyMfaPolicySchema,
  /** A policy of an ancestor that applies here, if any. */
  InheritedFrom: z.object({ AccountId: z.number().int(), DisplayName: z.string(), RestrictChildAccounts: z.boolean() }).nullable(),
  Users: z.array(z.object({ AccountId: z.number().int(), DisplayName: z.string(), Username: z.string() })),
});
export const saveMfaPolicyRequestSchema = z.object({ companyMFAPolicy: companyMfaPolicySchema }).strict();

// ── IP restrictions ───────────────────────────────────────────────────────────────────────────
/** spec §5: comma separated IPv4, IPv6, CIDR or hyphen ranges. */
export const ipRestrictionsSchema = z.object({ Allow: z.string().max(20_000), Deny: z.string().max(20_000) }).strict();
export const getIpRestrictionsRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getIpRestrictionsResponseSchema = z.object({
  AccountId: z.number().int(),
  Restrictions: ipRestrictionsSchema,
  /** Lists of ancestors, which apply here too. */
  Inherited: z.array(z.object({ AccountId: z.number().int(), DisplayName: z.string(), Allow: z.string(), Deny: z.string() })),
  /** The caller's address as the server sees it, so nobody locks themselves out unawares. */
  YourAddress: z.string(),
});
export const saveIpRestrictionsRequestSchema = z.object({ accountId: accountIdSchema, restrictions: ipRestrictionsSchema }).strict();

// ── Impersonation and SSO ─────────────────────────────────────────────────────────────────────
export const impersonateRequestSchema = z.object({ userAccountId: accountIdSchema }).strict();

export const authenticateOpenIdRequestSchema = z
  .object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(2048), clientName: z.string().min(1).max(200) })
  .strict();
export const authenticateWithSubConfirmationRequestSchema = z
  .object({
    userName: z.string().trim().min(1, 'is required').max(256),
    password,
    openIdSubIdentifier: z.string().min(1).max(256),
    // A user with MFA confirms the link with a code too (as Authenticate), else the link would skip it.
    mfaToken: z.string().max(64).optional(),
    mfaMethodId: z.number().int().optional(),
  })
  .strict();

// ── Sign-in policy of an owner: password rules and lockout (DESIGN.md security baseline) ─────
export const passwordPolicySchema = z
  .object({
    minLength: z.number().int().min(8).max(128),
    requireDigit: z.boolean(),
    requireSpecial: z.boolean(),
    requireUppercase: z.boolean(),
    requireLowercase: z.boolean(),
    historyCount: z.number().int().min(0).max(24),
    checkCompromised: z.boolean(),
    checkPersonalInfo: z.boolean(),
  })
  .strict();
export type PasswordPolicySettings = z.infer<typeof passwordPolicySchema>;

export const lockoutPolicySchema = z
  .object({
    maxFailures: z.number().int().min(3).max(100),
    waitIncrementSeconds: z.number().int().min(10).max(3600),
    maxWaitSeconds: z.number().int().min(10).max(86_400),
    failureResetHours: z.number().int().min(1).max(168),
  })
  .strict()
  .refine((l) => l.maxWaitSeconds >= l.waitIncrementSeconds, { message: 'must be at least waitIncrementSeconds', path: ['maxWaitSeconds'] });
export type LockoutPolicySettings = z.infer<typeof lockoutPolicySchema>;

export const getSignInPolicyRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getSignInPolicyResponseSchema = z.object({
  AccountId: z.number().int(),
  /** True when this account has its own policy; otherwise the values shown are inherited. */
  IsOwnPolicy: z.boolean(),
  InheritedFrom: z.object({ AccountId: z.number().int(), DisplayName: z.string() }).nullable(),
  PasswordPolicy: passwordPolicySchema,
  Lockout: lockoutPolicySchema,
});
export const saveSignInPolicyRequestSchema = z
  .object({ accountId: accountIdSchema, passwordPolicy: passwordPolicySchema, lockout: lockoutPolicySchema })
  .strict();
