import type { SessionUser } from '@cmp/contracts/auth';

/**
 * spec §4 Login step 2: "credentials are kept and an MFA step follows, with the primary method
 * preselected". Kept in memory only, never in storage, and dropped at sign-out.
 */
export interface PendingMfaSignIn {
  userName: string;
  password: string;
  methods: SessionUser['UserAuthenticationMethods'];
  preselectedMethodId: number | undefined;
}

let pending: PendingMfaSignIn | undefined;

export function keepPendingMfaSignIn(userName: string, password: string, methods: SessionUser['UserAuthenticationMethods']): void {
  const primary = methods.find((method) => method.IsPrimary) ?? methods[0];
  pending = { userName, password, methods, preselectedMethodId: primary?.Id };
}

export function getPendingMfaSignIn(): PendingMfaSignIn | undefined {
  return pending;
}

export function clearPendingMfaSignIn(): void {
  pending = undefined;
}
