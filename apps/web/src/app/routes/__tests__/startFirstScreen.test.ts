import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { installFakeFetch } from '../../../test/fakeFetch';
import { currentUserQueryOptions } from '../../../platform/session/currentUser';
import { startFirstScreen } from '../startFirstScreen';

function serveUser() {
  return installFakeFetch((url) => (url.endsWith('/GetCurrentUser') ? { body: buildSessionUser() } : { status: 404, body: '' }));
}
const userRequests = (fetch: ReturnType<typeof serveUser>) => fetch.mock.calls.filter(([url]) => String(url).endsWith('/GetCurrentUser')).length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('start-up asks for the first screen before React renders (issue 12)', () => {
  it.each(['#/Dashboard', '', '#/', '#/account/57/users?tab=2'])('asks for the current user at once for %j, a page behind the route guard', (hash) => {
    const fetch = serveUser();
    startFirstScreen({ hash, search: '' });
    expect(userRequests(fetch)).toBe(1);
  });

  it.each(['#/login', '#/reset-password', '#/login-mfa', '#/consent/analytics'])('does not ask for the user on %s, which passes without one', (hash) => {
    const fetch = serveUser();
    startFirstScreen({ hash, search: '' });
    expect(userRequests(fetch)).toBe(0);
  });

  it('does not ask for the user when an SSO provider returns with a code, which the guard exchanges first', () => {
    const fetch = serveUser();
    startFirstScreen({ hash: '#/Dashboard', search: '?code=abc&state=xyz' });
    expect(userRequests(fetch)).toBe(0);
  });

  it("hands the early request to the route guard's first load of the user, and only to that one", async () => {
    const fetch = serveUser();
    startFirstScreen({ hash: '#/Dashboard', search: '' });
    const queryClient = new QueryClient();

    const user = await queryClient.fetchQuery(currentUserQueryOptions);
    expect(user.UserAccount).toBeDefined();
    expect(userRequests(fetch)).toBe(1);

    await queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
    expect(userRequests(fetch)).toBe(2);
  });
});
