import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../platform/session/currentUser';

export type MfaSetupRequirement = 'required' | 'chosen';

/**
 * Why the user is on the MFA set-up pages (issue 10): an MFA policy of their organisation requires a
 * second factor before anything else (the session user's MustSetupMfa, which the route guard holds
 * them by), or they came by choice. The set-up pages are MFA pages the guard passes without loading
 * the user, so this loads it; undefined until it is known.
 */
export function useMfaSetupRequirement(): MfaSetupRequirement | undefined {
  const { data: user } = useQuery(currentUserQueryOptions);
  if (!user) return undefined;
  return user.MustSetupMfa ? 'required' : 'chosen';
}
