import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceGroup } from '@cmp/contracts/catalog';
import { installFakeFetch } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { ServiceGroupsScreen } from '../ServiceGroupsScreen';

const collaboration: ServiceGroup = {
  ServiceGroupId: 1,
  Name: 'Collaboration',
  Services: [{ ServiceName: 'ORBIT_WIKI', DisplayName: 'Orbit Wiki', VendorName: 'Orbit Analytics' }],
  UsedByRules: [{ PricingRuleId: 5, RuleName: 'Collaboration margin', MarketplaceId: 2, MarketplaceName: 'Northwind standard' }],
};
const backup: ServiceGroup = { ServiceGroupId: 2, Name: 'Backup', Services: [], UsedByRules: [] };

function renderScreen(groups: ServiceGroup[]) {
  const fetch = installFakeFetch((url) => {
    if (url.endsWith('/GetServiceGroups')) return { body: { OwnerAccountId: 3, ServiceGroups: groups } };
    if (url.endsWith('/GetMyServices')) return { body: { OwnerType: 'Reseller', Services: [], Total: 0, Vendors: [], Categories: [] } };
    return { body: {} };
  });
  const rendered = renderWithProviders(<ServiceGroupsScreen />, { path: '/service-tool/edit-service-groups' });
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('SERVICE_TOOL_GROUPS', { Read: true, Create: true, Delete: true })] }));
  return { fetch, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServiceGroupsScreen', () => {
  it('lists the groups with their services and the rules using them, sorted by name on request', async () => {
    const { user } = renderScreen([collaboration, backup]);
    const table = await screen.findByRole('table', { name: 'Your service groups' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()[0]).toHaveTextContent(/Collaboration.*Orbit Wiki.*Collaboration margin \(Northwind standard\)/);
    expect(rows()[1]).toHaveTextContent(/Backup.*No services yet.*Not used by a pricing rule/);
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Backup', 'Collaboration']);

    await user.type(screen.getByRole('searchbox', { name: 'Filter groups' }), 'nothing like it');
    expect(await screen.findByRole('status')).toHaveTextContent('No service matches the filter.');
  }, 45_000);

  it('offers the first group when there is none, in a dialog of the UI kit', async () => {
    const { user } = renderScreen([]);
    expect(await screen.findByText('You have no service groups yet.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New service group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service group' });
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 45_000);
});
