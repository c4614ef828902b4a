import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Capability } from '@cmp/contracts/capabilities';
import type { MarketplaceService } from '@cmp/contracts/propagation';
import { installFakeFetch } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { AddToPricelistScreen } from '../AddToPricelistScreen';

// Issue 13 /add-to-pricelist: the catalog services a pricelist does not offer yet, paged by the server, added as a selection.

const service = (ServiceName: string, DisplayName: string): MarketplaceService => ({
  ServiceName,
  DisplayName,
  VendorAccountId: 40,
  VendorName: 'Orbit Analytics',
  Category: 'Productivity',
  Tags: ['signature'],
  IsOffered: false,
  IsEnabled: false,
  ItemCount: 1,
});
const sign = service('ORBIT_SIGN', 'Orbit Sign');
const forms = service('ORBIT_FORMS', 'Orbit Forms');

function renderScreen(capabilities: Capability[]) {
  const fetch = installFakeFetch((url) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    if (operation === 'GetMarketplaces') return { body: { Marketplaces: [{ MarketplaceId: 11, OwnerAccountId: 2, Name: 'Northwind standard', Priority: 1, Currency: 'EUR', Tags: [], CustomersCount: 3, ServicesCount: 30 }] } };
    if (operation === 'GetMarketplaceServices') return { body: { Services: [forms, sign], Total: 40, Vendors: [{ AccountId: 40, Name: 'Orbit Analytics' }], Categories: ['Productivity'] } };
    if (operation === 'AddServicesToMarketplace') return { body: { AddedServiceNames: ['ORBIT_SIGN'], ServicesCount: 31 } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/add-to-pricelist" element={<AddToPricelistScreen />} />
    </Routes>,
    { path: '/add-to-pricelist?marketplaceId=11' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddToPricelistScreen', { timeout: 60_000 }, () => {
  it('pages the available services on the server and adds the selected ones', async () => {
    const user = userEvent.setup();
    const fetch = renderScreen([capability('MARKETPLACE', { Read: true, Create: true })]);
    const table = await screen.findByRole('table', { name: 'Services not on the pricelist' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Orbit FormsORBIT_FORMS', 'Orbit SignORBIT_SIGN']);
    expect(bodiesOf(fetch, 'GetMarketplaceServices')[0]).toEqual({ marketplaceId: 11, filter: { Scope: 'Available' }, page: 0, pageSize: 25 });

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodiesOf(fetch, 'GetMarketplaceServices').at(-1)).toMatchObject({ page: 1 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'sign');
    await waitFor(() => expect(bodiesOf(fetch, 'GetMarketplaceServices').at(-1)).toMatchObject({ filter: { Scope: 'Available', Text: 'sign' }, page: 0 }));

    expect(screen.queryByRole('button', { name: /^Add selected/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Orbit Sign' }));
    await user.click(screen.getByRole('button', { name: 'Add selected (1)' }));
    await waitFor(() => expect(bodiesOf(fetch, 'AddServicesToMarketplace')).toEqual([{ marketplaceId: 11, serviceNames: ['ORBIT_SIGN'] }]));
    expect(await screen.findByText('Services added to Northwind standard: 1')).toBeInTheDocument();
  });

  it('offers a reader of pricelists no selection', async () => {
    renderScreen([capability('MARKETPLACE', { Read: true })]);
    const table = await screen.findByRole('table', { name: 'Services not on the pricelist' });
    expect(within(table).queryAllByRole('checkbox')).toEqual([]);
  });
});
