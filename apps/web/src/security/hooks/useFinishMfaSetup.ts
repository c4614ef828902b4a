import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFollowRedirect } from '../../platform/navigation/useFollowRedirect';
import { refreshCurrentUser } from '../../platform/session/currentUser';

/**
 * After the required MFA set-up (spec §4 Route guard "must set up MFA"): the user is loaded again, so
 * the guard no longer holds them at /setup-mfa, then they go where the redirect query points.
 */
export function useFinishMfaSetup(): () => Promise<void> {
  const queryClient = useQueryClient();
  const followRedirect = useFollowRedirect();
  return useCallback(async () => {
    await refreshCurrentUser(queryClient);
    followRedirect();
  }, [followRedirect, queryClient]);
}
