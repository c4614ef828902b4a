import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@cmp/contracts/auth';
import { callOperation } from '../api/callOperation';

/** The signed-in user lives in the query cache under this key: sign-in sets it, sign-out clears the cache. */
export const CURRENT_USER_QUERY_KEY = ['session', 'currentUser'] as const;

/** spec §4 Route guard: a 401 here only means "not signed in", so it shows no toast. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  return callOperation<SessionUser>('IAuthorizationService', 'GetCurrentUser', {}, { suppressErrorToast: true, signal });
}

export const currentUserQueryOptions = {
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCurrentUser(signal),
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
} as const;

/** The signed-in user as the route guard loaded it; undefined before that or when signed out. */
export function useSessionUser(): SessionUser | undefined {
  return useQuery({ ...currentUserQueryOptions, enabled: false }).data;
}
