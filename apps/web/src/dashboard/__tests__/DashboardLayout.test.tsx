import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createQueryClient } from '../../app/AppProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DashboardScreen } from '../screens/DashboardScreen';

const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

function renderDashboard(tiles: string[], capabilities = [capability('CREDIT_CHECK_ORDER_MANAGEMENT', { Read: true })]) {
  installFakeFetch((url) => {
    const operation = operationOf(url);
    if (operation === 'GetEffectiveLandingPage') return { body: { Tiles: tiles, Source: 'Custom' } };
    if (operation === 'GetDashboardSummary') return { body: { CompanyAccount: buildSessionUser().CompanyAccount, AccountCounts: [{ AccountType: 'User', Count: 4 }], LatestAuditEntries: [] } };
    if (operation === 'GetOrders') return { body: { Orders: [], Total: 2 } };
    return { status: 404, body: { Message: 'Not found' } };
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return renderWithProviders(<DashboardScreen />, { path: '/Dashboard', queryClient });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard follows the landing page layout (issue 17)', () => {
  it('shows the layout’s tiles in its order and leaves out the hidden ones', async () => {
    renderDashboard(['LatestAudit', 'PendingOrders', 'AccountCounts']);
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    const orders = await screen.findByRole('link', { name: 'Orders waiting for approval' });
    const audit = screen.getByRole('heading', { level: 2, name: /latest/i });
    // Document order: the audit entries, then the orders figure, then the account counts.
    expect(audit.compareDocumentPosition(orders) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(orders.compareDocumentPosition(accounts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never shows a tile the user may not see, whatever the layout says', async () => {
    renderDashboard(['Revenue', 'FailedProvisioning', 'AccountCounts'], []);
    expect(await screen.findByRole('region', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Revenue and margin this month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Failed provisioning requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: /latest/i })).not.toBeInTheDocument();
  });
});
