import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardSummary } from '@cmp/contracts/accounts';
import type { SessionUser } from '@cmp/contracts/auth';
import { installFakeFetch } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { clearPendingMfaSignIn, keepPendingMfaSignIn } from '../../../auth/state/pendingMfaSignIn';
import { AppRoutes } from '../AppRoutes';

const summary: DashboardSummary = {
  CompanyAccount: { AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd', AccountState: 'Active', Views: {} },
  AccountCounts: [
    { AccountType: 'User', Count: 12 },
    { AccountType: 'Department', Count: 3 },
  ],
  LatestAuditEntries: [
    {
      Id: 1,
      OccurredAt: '2024-05-01T08:30:00Z',
      Action: 'UpdateAccount',
      AccountId: 1203,
      AccountDisplayName: 'Ada Lovelace',
      ActorAccountId: 1,
      ActorDisplayName: 'Platform Admin',
      ImpersonatorAccountId: null,
      ImpersonatorDisplayName: null,
      Details: {},
    },
    {
      Id: 2,
      OccurredAt: '2024-05-01T09:00:00Z',
      Action: 'UpdateAccount',
      AccountId: 1204,
      AccountDisplayName: 'Grace Hopper',
      ActorAccountId: 1204,
      ActorDisplayName: 'Grace Hopper',
      ImpersonatorAccountId: 1,
      ImpersonatorDisplayName: 'Platform Admin',
      Details: {},
    },
  ],
};

/** A server that knows one signed-in user (or none) and answers the dashboard. */
function serve(user: SessionUser | undefined, dashboard: DashboardSummary = summary) {
  return installFakeFetch((url) => {
    if (url.endsWith('/GetCurrentUser')) return user ? { body: user } : { status: 401, body: { Message: 'Not signed in.' } };
    if (url.endsWith('/GetDashboardSummary')) return { body: dashboard };
    if (url.endsWith('/Logout')) return { body: { Success: true } };
    if (url.endsWith('/Authenticate')) return user ? { body: user } : { status: 401, body: { Message: 'MFA code is incorrect. Please try again.' } };
    return { status: 200, body: '' };
  });
}

afterEach(() => {
  clearPendingMfaSignIn();
  vi.unstubAllGlobals();
});

describe('AppRoutes (spec §2 routes, §4 route guard)', () => {
  it('sends a visitor who is not signed in to the sign-in page with the attempted path', async () => {
    serve(undefined);
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/pricelists?page=2' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fpricelists%3Fpage%3D2');
  });

  it('lands on the dashboard from the empty path and greets the user', async () => {
    serve(buildSessionUser());
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: /Hello, Ada/ })).toBeInTheDocument();
    expect(currentPath()).toBe('/Dashboard');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Latest activity' });
    expect(within(table).getAllByText('UpdateAccount')).toHaveLength(2);
    expect(within(table).getByText('Platform Admin')).toBeInTheDocument();
    // What was done while impersonating names both (as the audit log screen does).
    expect(within(table).getByText('Platform Admin as Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Users')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getAllByText('Contoso Ltd').length).toBeGreaterThan(0);
  });

  it('shows the empty states when the company has no accounts or activity yet', async () => {
    serve(buildSessionUser(), { ...summary, AccountCounts: [], LatestAuditEntries: [] });
    renderWithProviders(<AppRoutes />, { path: '/Dashboard' });
    expect(await screen.findByText('There are no accounts under your company yet.')).toBeInTheDocument();
    expect(screen.getByText('No activity has been recorded yet.')).toBeInTheDocument();
  });

  it('sends a user without the route capability to the dashboard', async () => {
    serve(buildSessionUser());
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/admin-console' });
    await waitFor(() => expect(currentPath()).toBe('/Dashboard'));
  });

  it('opens a legacy hash route on its own screen with its translated name (the quotation tool, issue 17)', async () => {
    serve(buildSessionUser({ Capability: [capability('LOGIN', { Execute: true }), capability('QUOTATION_TOOL', { Read: true })] }));
    renderWithProviders(<AppRoutes />, { path: '/QuotationTool/Quotes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My quotes' })).toBeInTheDocument();
    // Every route of spec §2 has its screen now: none shows the area-in-preparation page.
    expect(screen.queryByText(/being prepared/)).not.toBeInTheDocument();
  });

  it('shows the not-found screen for any other path', async () => {
    serve(buildSessionUser());
    renderWithProviders(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('lets a user who must set up MFA reach nothing but the MFA set-up', async () => {
    serve(buildSessionUser({ MustSetupMfa: true }));
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/Dashboard' });
    await waitFor(() => expect(currentPath()).toBe('/setup-mfa?redirect=%2FDashboard'));
  });

  it('signs out through the profile menu: Logout, both logout endpoints, then the sign-in page', async () => {
    const fetch = serve(buildSessionUser());
    const user = userEvent.setup();
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/Dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/account/1203');
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(expect.arrayContaining(['/DataModel/service.svc/rest/IAuthorizationService/Logout', '/keeper/logout', '/dash/logout']));
  });

  it('offers Change password and Security settings in the profile menu', async () => {
    serve(buildSessionUser());
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { path: '/Dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('menuitem', { name: 'Security settings' })).toHaveAttribute('href', '/account/1203/user-security');
  });

  it('hides Change password while impersonated', async () => {
    serve(buildSessionUser({ ImpersonatorAccountId: 1 }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { path: '/Dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'End impersonation' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('sends an impersonated session away from /change-password', async () => {
    serve(buildSessionUser({ ImpersonatorAccountId: 1 }));
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/change-password' });
    await waitFor(() => expect(currentPath()).toBe('/Dashboard'));
  });

  it('lets a user who signed in change the password at /change-password', async () => {
    serve(buildSessionUser());
    renderWithProviders(<AppRoutes />, { path: '/change-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('completes the MFA step and lands where the redirect points, past the route guard', async () => {
    const phone = { Id: 4, Name: 'Phone', AuthenticationMethod: 'AuthenticatorApp', IsPrimary: true, IsEnabled: true };
    serve(buildSessionUser({ UserAuthenticationMethods: [phone] }));
    keepPendingMfaSignIn('company.user', 'Demo-Password-2024!', [phone]);
    const user = userEvent.setup();
    const { currentPath } = renderWithProviders(<AppRoutes />, { path: '/login-mfa?redirect=%2FDashboard' });

    await user.type(await screen.findByLabelText('Security code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Hello, Ada/ })).toBeInTheDocument();
    expect(currentPath()).toBe('/Dashboard');
  });
});
