import type { PendingSignIn } from '@cmp/contracts/auth';

export type SignInMethod = PendingSignIn['UserAuthenticationMethods'][number];

/**
 * spec §4 Login step 2: "credentials are kept and an MFA step follows, with the primary method
 * preselected". Kept in memory only, never in storage, and dropped at sign-out: after a reload the
 * user signs in again.
 */
export interface PendingMfaSignIn {
  userName: string;
  password: string;
  methods: SignInMethod[];
  preselectedMethodId: number | undefined;
  /** Set when the MFA step confirms an SSO link (/sso-link): the code completes the link too. */
  openIdSubIdentifier?: string;
}

let pending: PendingMfaSignIn | undefined;
/** E-mail methods whose code was already sent when the MFA step opened (sent once, then on request). */
let autoSentMethodIds = new Set<number>();

export function keepPendingMfaSignIn(userName: string, password: string, methods: SignInMethod[], openIdSubIdentifier?: string): void {
  const usable = methods.filter((method) => method.IsEnabled);
  const primary = usable.find((method) => method.IsPrimary) ?? usable[0];
  pending = { userName, password, methods, preselectedMethodId: primary?.Id, openIdSubIdentifier };
  autoSentMethodIds = new Set();
}

export function getPendingMfaSignIn(): PendingMfaSignIn | undefined {
  return pending;
}

/** /select-mfa-method: the method the MFA step continues with. */
export function choosePendingMfaMethod(methodId: number): void {
  if (pending?.methods.some((method) => method.Id === methodId)) pending = { ...pending, preselectedMethodId: methodId };
}

/** True the first time it is asked for a method: the caller then sends its code unasked. */
export function claimAutomaticCodeSend(methodId: number): boolean {
  if (autoSentMethodIds.has(methodId)) return false;
  autoSentMethodIds.add(methodId);
  return true;
}

export function clearPendingMfaSignIn(): void {
  pending = undefined;
  autoSentMethodIds = new Set();
}
