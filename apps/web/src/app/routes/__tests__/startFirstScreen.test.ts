import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { installFakeFetch } from '../../../test/fakeFetch';
import { CURRENT_USER_QUERY_KEY, currentUserQueryOptions } from '../../../platform/session/currentUser';
import { DASHBOARD_SUMMARY_QUERY_KEY } from '../../../dashboard/api/useDashboardSummary';
import { EFFECTIVE_LANDING_PAGE_QUERY_KEY } from '../../../dashboard/api/useEffectiveLandingPage';
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
    void startFirstScreen(new QueryClient(), { hash, search: '' });
    expect(userRequests(fetch)).toBe(1);
  });

  it.each(['#/login', '#/reset-password', '#/login-mfa', '#/consent/analytics'])('does not ask for the user on %s, which passes without one', (hash) => {
    const fetch = serveUser();
    void startFirstScreen(new QueryClient(), { hash, search: '' });
    expect(userRequests(fetch)).toBe(0);
  });

  it('does not ask for the user when an SSO provider returns with a code, which the guard exchanges first', () => {
    const fetch = serveUser();
    void startFirstScreen(new QueryClient(), { hash: '#/Dashboard', search: '?code=abc&state=xyz' });
    expect(userRequests(fetch)).toBe(0);
  });

  it("hands the early request to the route guard's first load of the user, and only to that one", async () => {
    const fetch = serveUser();
    const queryClient = new QueryClient();
    void startFirstScreen(new QueryClient(), { hash: '#/Dashboard', search: '' });

    const user = await queryClient.fetchQuery(currentUserQueryOptions);
    expect(user.UserAccount).toBeDefined();
    expect(userRequests(fetch)).toBe(1);

    await queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
    expect(userRequests(fetch)).toBe(2);
  });

  it('has the user in the query cache when it resolves, so the first render needs no second request', async () => {
    const fetch = serveUser();
    const queryClient = new QueryClient();
    await startFirstScreen(queryClient, { hash: '#/Dashboard', search: '' });

    expect(queryClient.getQueryData<{ Username: string }>(CURRENT_USER_QUERY_KEY)?.Username).toBe(buildSessionUser().Username);
    await queryClient.fetchQuery(currentUserQueryOptions);
    expect(userRequests(fetch)).toBe(1);
  });

  it('leaves a refused request (not signed in) to the route guard, which sees it fail without asking again', async () => {
    const fetch = installFakeFetch((url) => (url.endsWith('/GetCurrentUser') ? { status: 401, body: { Message: 'Not signed in.' } } : { status: 404, body: '' }));
    const queryClient = new QueryClient();
    await startFirstScreen(queryClient, { hash: '#/Dashboard', search: '' });

    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
    await expect(queryClient.fetchQuery(currentUserQueryOptions)).rejects.toThrow();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/GetCurrentUser'))).toHaveLength(1);
  });

  it("puts the dashboard's layout and summary into the query cache beside the user, each asked for once", async () => {
    const fetch = installFakeFetch((url) => {
      if (url.endsWith('/GetCurrentUser')) return { body: buildSessionUser() };
      if (url.endsWith('/GetEffectiveLandingPage')) return { body: { Tiles: ['LatestAudit'], Source: 'Custom' } };
      if (url.endsWith('/GetDashboardSummary')) return { body: { CompanyAccount: { DisplayName: 'Contoso' } } };
      return { status: 404, body: '' };
    });
    const queryClient = new QueryClient();
    await startFirstScreen(queryClient, { hash: '#/Dashboard', search: '' });

    expect(queryClient.getQueryData(EFFECTIVE_LANDING_PAGE_QUERY_KEY)).toEqual({ Tiles: ['LatestAudit'], Source: 'Custom' });
    expect(queryClient.getQueryData(DASHBOARD_SUMMARY_QUERY_KEY)).toEqual({ CompanyAccount: { DisplayName: 'Contoso' } });
    const asked = (operation: string) => fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).length;
    expect([asked('GetCurrentUser'), asked('GetEffectiveLandingPage'), asked('GetDashboardSummary')]).toEqual([1, 1, 1]);
  });
});
