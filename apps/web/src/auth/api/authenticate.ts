import type { AuthenticateRequest, SessionUser } from '@cmp/contracts/auth';
import { callOperation } from '../../platform/api/callOperation';

/** spec §7 Authenticate: "no error popup": the sign-in screen shows the failure in its own alert. */
export function authenticate(request: AuthenticateRequest): Promise<SessionUser> {
  return callOperation<SessionUser>('IAuthorizationService', 'Authenticate', request, { suppressErrorToast: true });
}
