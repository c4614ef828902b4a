import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@cmp/contracts/auth';
import { callOperation } from '../api/callOperation';

/** The signed-in user lives in the query cache under this key: sign-in sets it, sign-out clears the cache. */
export const CURRENT_USER_QUERY_KEY = ['session', 'currentUser'] as const;

export function isCurrentUserQuery(queryKey: readonly unknown[]): boolean {
  return queryKey.length === CURRENT_USER_QUERY_KEY.length && CURRENT_USER_QUERY_KEY.every((part, index) => queryKey[index] === part);
}

/** spec §4 Route guard: a 401 here only means "not signed in", so it shows no toast. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  return callOperation<SessionUser>('IAuthorizationService', 'GetCurrentUser', {}, { suppressErrorToast: true, signal });
}

// The request start-up sent before React rendered (issue 12: in parallel with the language bundle
// and the screen's chunk); the route guard's first load of the user takes it over once.
let startedRequest: Promise<SessionUser> | undefined;

export function startCurrentUserRequest(): void {
  startedRequest = fetchCurrentUser();
  // The route guard that takes it over sees a failure (401: not signed in); until then it is not unhandled.
  startedRequest.catch(() => undefined);
}

/**
 * The user the start-up request brought, for the query cache before the first render; the request is
 * then taken. Undefined when none was started or it failed: the route guard takes a failure over.
 */
export async function startedCurrentUser(): Promise<SessionUser | undefined> {
  const request = startedRequest;
  if (!request) return undefined;
  try {
    const user = await request;
    if (startedRequest === request) startedRequest = undefined;
    return user;
  } catch {
    return undefined;
  }
}

function takeCurrentUser(signal: AbortSignal): Promise<SessionUser> {
  const request = startedRequest ?? fetchCurrentUser(signal);
  startedRequest = undefined;
  return request;
}

export const currentUserQueryOptions = {
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => takeCurrentUser(signal),
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
} as const;

/** The signed-in user as the route guard loaded it; undefined before that or when signed out. */
export function useSessionUser(): SessionUser | undefined {
  return useQuery({ ...currentUserQueryOptions, enabled: false }).data;
}

/**
 * Loads the signed-in user again (after an MFA set-up or a change of identity) and waits for it, so
 * the route guard decides on the new state. A failure leaves the guard to send the user to sign in.
 */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<SessionUser | undefined> {
  try {
    return await queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
  } catch {
    return undefined;
  }
}
