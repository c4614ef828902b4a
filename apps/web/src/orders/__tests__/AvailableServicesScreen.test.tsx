import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AvailableServicesScreen } from '../screens/AvailableServicesScreen';
import { availablePage } from '../wizard/__tests__/orderFixtures';

function renderScreen(answer: (body: Record<string, unknown>) => FakeResponse | Promise<FakeResponse> = () => ({ body: availablePage({ AccountId: 61, AccountName: 'Sales department', Total: 40 }) })) {
  const fetch = installFakeFetch((_url, init) => answer(JSON.parse(String(init.body)) as Record<string, unknown>));
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/available-services" element={<AvailableServicesScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/account/61/available-services' },
  );
  const requests = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/IAccountService/GetAvailableServices')).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...rendered, requests };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AvailableServicesScreen (spec §2 /account/{id}/available-services)', () => {
  it('lists what the account may order with price per unit and period and terms, each with an Order button into the wizard', async () => {
    const { requests } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Services this account may order' });
    expect(requests()[0]).toEqual({ accountId: 61, page: 0, pageSize: 25 });
    expect(screen.getByText('The services Sales department may order, with the price from its pricelist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sales department' })).toHaveAttribute('href', '/account/61');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Service.*Vendor.*Category.*Price per unit and period.*Terms/);
    expect(rows[1]).toHaveTextContent(/Skyline Mail.*Skyline Software.*Communication.*€5\.47 per user \/ month.*1 month, 1 year/);
    expect(within(rows[1]!).getByRole('link', { name: 'Order Skyline Mail' })).toHaveAttribute('href', '/Account/Create/Service?accountId=61&service=SKYLINE_MAIL');
    expect(rows[2]).toHaveTextContent(/Orbit Data Warehouse.*Orbit Analytics.*—.*€120\.00 \/ year.*1 year, 3 years/);
    // Without a price it cannot be ordered, and the row says why.
    expect(rows[3]).toHaveTextContent('No rule prices this item.');
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    expect(await screen.findByText('1–25 of 40')).toBeInTheDocument();
  });

  it('searches and pages on the server', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen();
    await screen.findByRole('table', { name: 'Services this account may order' });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests().at(-1)).toEqual({ accountId: 61, page: 1, pageSize: 25 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'mail');
    await waitFor(() => expect(requests().at(-1)).toEqual({ accountId: 61, page: 0, pageSize: 25, text: 'mail' }));
  }, 30_000);

  it('says so when nothing matches, and offers no Order button to a caller who may not order', async () => {
    const user = userEvent.setup();
    renderScreen((body) => ({ body: availablePage({ AccountId: 61, CanOrder: false, ...(body.text ? { Services: [], Total: 0 } : {}) }) }));
    await screen.findByRole('table', { name: 'Services this account may order' });
    expect(screen.getByText('You may see these services but not order them for this account.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Order / })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'zzz');
    expect(await screen.findByText('No service matches "zzz".')).toBeInTheDocument();
  }, 30_000);

  it('shows a loading state, then the server\'s refusal', async () => {
    let refuse: (response: FakeResponse) => void = () => undefined;
    renderScreen(() => new Promise((resolve) => (refuse = resolve)));
    expect(await screen.findByRole('progressbar', { name: 'Loading the services' })).toBeInTheDocument();
    refuse({ status: 403, body: { Message: 'You may not see this account.' } });
    expect(await screen.findByText('You may not see this account.')).toBeInTheDocument();
  });
});
