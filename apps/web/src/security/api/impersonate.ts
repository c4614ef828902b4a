import type { SessionUser } from '@cmp/contracts/auth';
import { callOperation } from '../../platform/api/callOperation';

/** spec §6 "Impersonate and unimpersonate exist": the session continues as this user (ImpersonatorAccountId set). */
export function impersonate(userAccountId: number): Promise<SessionUser> {
  return callOperation<SessionUser>('IAuthorizationService', 'Impersonate', { userAccountId });
}
