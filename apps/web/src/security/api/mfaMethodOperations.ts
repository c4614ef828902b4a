import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getAuthenticationMethodsResponseSchema, MfaMethodKind, SetupAuthenticationMethodResponse } from '@cmp/contracts/identity';
import { callOperation, type CallOptions } from '../../platform/api/callOperation';

export type AuthenticationMethods = z.infer<typeof getAuthenticationMethodsResponseSchema>;
type Success = { Success: boolean };

const account = (operation: string, body: unknown, options?: CallOptions) => callOperation<Success>('IAccountService', operation, body, options);

export const authenticationMethodsQueryKey = (userAccountId: number) => ['security', 'authenticationMethods', userAccountId] as const;

/** spec §4 "MFA methods" of one user; the screen shows a failure itself. */
export function useAuthenticationMethods(userAccountId: number) {
  return useQuery({
    queryKey: authenticationMethodsQueryKey(userAccountId),
    queryFn: ({ signal }) =>
      callOperation<AuthenticationMethods>('IAccountService', 'GetAuthenticationMethods', { userAccountId }, { suppressErrorToast: true, signal }),
  });
}

/** Creates a method of the signed-in user waiting for its first code (an e-mail method mails it at once). */
export function setupAuthenticationMethod(authenticationMethod: MfaMethodKind, newName: string): Promise<SetupAuthenticationMethodResponse> {
  return callOperation<SetupAuthenticationMethodResponse>('IAccountService', 'SetupAuthenticationMethod', { authenticationMethod, newName }, { suppressErrorToast: true });
}

/** Enables a pending method with its first code; a wrong code is shown at the code field. */
export function confirmAuthenticationMethod(authenticationMethodId: number, mfaToken: string): Promise<Success> {
  return account('ConfirmAuthenticationMethod', { authenticationMethodId, mfaToken }, { suppressErrorToast: true });
}

// The table's actions report a failure with the API client's error toast (spec §8).
export const enableAuthenticationMethod = (authenticationMethodId: number) => account('EnableAuthenticationMethod', { authenticationMethodId });
export const disableAuthenticationMethod = (authenticationMethodId: number) => account('DisableAuthenticationMethod', { authenticationMethodId });
export const deleteAuthenticationMethod = (authenticationMethodId: number) => account('DeleteAuthenticationMethod', { authenticationMethodId });
export const renameAuthenticationMethod = (authenticationMethodId: number, newName: string) =>
  account('RenameAuthenticationMethod', { authenticationMethodId, newName });
export const setPrimaryAuthenticationMethod = (mfaMethodId: number) => account('SetPrimaryAuthenticationMethod', { mfaMethodId });
/** spec §6 "disabled for another user" (DISABLE_MFA Execute). */
export const disableUserMfa = (userAccountId: number) => account('DisableUserMfa', { userAccountId });
