import { callOperation } from '../../platform/api/callOperation';

/** spec §4 Unimpersonate: ends the impersonation; the caller reloads so every cached view is the user's own again. */
export function unimpersonate(): Promise<unknown> {
  return callOperation('IAuthorizationService', 'Unimpersonate', {});
}
