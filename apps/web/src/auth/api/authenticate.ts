import type { AuthenticateRequest, SignInResponse } from '@cmp/contracts/auth';
import { callOperation } from '../../platform/api/callOperation';

/**
 * spec §7 Authenticate: "no error popup": the sign-in screens show the failure in their own alert.
 * With the password alone it may answer that a second factor is needed (MfaRequired, no session yet);
 * with `mfaToken` and `mfaMethodId` it completes that sign-in.
 */
export function authenticate(request: AuthenticateRequest): Promise<SignInResponse> {
  return callOperation<SignInResponse>('IAuthorizationService', 'Authenticate', request, { suppressErrorToast: true });
}
