// The actions the audit log records; the portal shows each through `audit_actions.<Action>`.
export const AUDIT_ACTIONS = ['SignIn', 'SignInFailed', 'SignInRefused', 'SignOut', 'SetLanguage', 'AccountCreated'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
