import { z } from 'zod';
import { CAPABILITY_OBJECT_TYPES, CAPABILITY_VALUES } from './capabilities';
import { accountSummarySchema } from './accounts';
import { SUPPORTED_LOCALES } from './locales';

// spec §7 "Authorization": Authenticate (userName, password, mfaToken, mfaMethodId).
export const authenticateRequestSchema = z
  .object({
    userName: z.string().trim().min(1, 'userName is required').max(256),
    // Passwords are compared as typed: never trimmed or truncated (DESIGN.md security baseline).
    password: z.string().min(1, 'password is required').max(1024),
    mfaToken: z.string().max(64).optional(),
    mfaMethodId: z.number().int().optional(),
  })
  .strict();
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

export const capabilitySchema = z.object({
  ObjectType: z.enum(CAPABILITY_OBJECT_TYPES),
  Read: z.boolean(),
  Create: z.boolean(),
  Execute: z.boolean(),
  Delete: z.boolean(),
  Value: z.enum(CAPABILITY_VALUES).nullable(),
});

export const authenticationMethodSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  AuthenticationMethod: z.string(),
  IsPrimary: z.boolean(),
  IsEnabled: z.boolean(),
});

/**
 * What a sign-in step answers when it is not (yet) a session: the password was right but a second
 * factor is needed (`MfaRequired`), or an SSO subject must first be linked (`LinkRequired`).
 */
export const pendingSignInSchema = z.object({
  MfaRequired: z.boolean(),
  UserAuthenticationMethods: z.array(authenticationMethodSchema),
  LinkRequired: z.boolean(),
  OpenIdSubIdentifier: z.string().nullable(),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

/** The session user of spec §3. */
export const sessionUserSchema = z.object({
  /** A public id of the session (never the secret cookie value, which stays HttpOnly). */
  SessionId: z.string(),
  UserAccountId: z.number().int(),
  Username: z.string(),
  UserAuthenticationMethods: z.array(authenticationMethodSchema),
  MustSetupMfa: z.boolean(),
  Capability: z.array(capabilitySchema),
  UserAccount: accountSummarySchema,
  CompanyAccount: accountSummarySchema,
  ImpersonatorAccountId: z.number().int().nullable(),
  ImpersonatorAccount: accountSummarySchema.nullable(),
  Category: z.string().nullable(),
  PaasType: z.string().nullable(),
  PaasCountry: z.string().nullable(),
  PaasName: z.string().nullable(),
  AccountPath: z.string(),
  LastLogon: z.string().nullable(),
  Locale: z.enum(SUPPORTED_LOCALES),
  /** Always false on a session user; true only on a pending sign-in answer. */
  MfaRequired: z.literal(false),
  LinkRequired: z.literal(false),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Authenticate, AuthenticateOpenId and AuthenticateWithSubConfirmation answer one or the other. */
export const signInResponseSchema = z.union([sessionUserSchema, pendingSignInSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const emptyRequestSchema = z.object({}).strict();
export const okResponseSchema = z.object({ Success: z.boolean() });

export const setLanguageRequestSchema = z
  .object({ languageCode: z.enum(SUPPORTED_LOCALES, { message: 'languageCode must be one of: ' + SUPPORTED_LOCALES.join(', ') }) })
  .strict();

export const pingPongResponseSchema = z.object({ Pong: z.string(), ServerTime: z.string() });
