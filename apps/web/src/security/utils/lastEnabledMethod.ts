import type { MfaMethod } from '@cmp/contracts/identity';

/**
 * spec §4 MFA methods with an enforced policy: a user who must use MFA keeps at least one enabled
 * method, so the last one can be neither disabled nor deleted.
 */
export function isProtectedLastMethod(method: MfaMethod, methods: readonly MfaMethod[], isMfaEnforced: boolean): boolean {
  if (!isMfaEnforced || !method.IsEnabled || method.IsPending) return false;
  return methods.filter((candidate) => candidate.IsEnabled && !candidate.IsPending).length <= 1;
}
