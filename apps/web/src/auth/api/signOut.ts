import type { QueryClient } from '@tanstack/react-query';
import { callOperation } from '../../platform/api/callOperation';
import { SSO_STORAGE_KEYS } from '../constants/ssoStorageKeys';
import { clearPendingMfaSignIn } from '../state/pendingMfaSignIn';

/** spec §2 "/keeper/logout, /dash/logout: logout endpoints", called on every sign-out. */
export const LOGOUT_ENDPOINTS = ['/keeper/logout', '/dash/logout'] as const;

/**
 * spec §4 Logout: clears stored session data, calls the logout endpoints; the caller then goes to
 * the sign-in page. A failing endpoint does not keep the user signed in on this page.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  clearStoredSessionData();
  await Promise.allSettled([
    callOperation('IAuthorizationService', 'Logout', {}, { suppressErrorToast: true }),
    ...LOGOUT_ENDPOINTS.map((path) => fetch(path, { credentials: 'same-origin' })),
  ]);
  queryClient.clear();
}

function clearStoredSessionData(): void {
  clearPendingMfaSignIn();
  try {
    sessionStorage.clear();
    Object.values(SSO_STORAGE_KEYS).forEach((key) => localStorage.removeItem(key));
  } catch {
    // Storage blocked by the browser: nothing was stored there either.
  }
}
