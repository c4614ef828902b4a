import type { z } from 'zod';
import type { SignInResponse } from '@cmp/contracts/auth';
import type { authenticateOpenIdRequestSchema, authenticateWithSubConfirmationRequestSchema } from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

/** spec §7 AuthenticateOpenId (code, state, clientName): a session, or LinkRequired for an SSO subject not linked yet. */
export function authenticateOpenId(request: z.infer<typeof authenticateOpenIdRequestSchema>): Promise<SignInResponse> {
  return callOperation<SignInResponse>('IAuthorizationService', 'AuthenticateOpenId', request, { suppressErrorToast: true });
}

/**
 * spec §7 AuthenticateWithSubConfirmation: links the SSO subject to the user of these credentials and
 * signs in; a user with MFA first gets MfaRequired and confirms with a code (mfaToken, mfaMethodId).
 */
export function authenticateWithSubConfirmation(request: z.input<typeof authenticateWithSubConfirmationRequestSchema>): Promise<SignInResponse> {
  return callOperation<SignInResponse>('IAuthorizationService', 'AuthenticateWithSubConfirmation', request, { suppressErrorToast: true });
}
