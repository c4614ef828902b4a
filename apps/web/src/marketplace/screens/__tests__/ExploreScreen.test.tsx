import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ServiceSearchResponse, ServiceSearchResult } from '@cmp/contracts/marketplace';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreScreen } from '../ExploreScreen';

const mail: ServiceSearchResult = {
  Id: 'SKYLINE_MAIL',
  DisplayName: 'Skyline Mail',
  Icon: '',
  VendorAccountId: 40,
  VendorName: 'Skyline Software',
  ShortDescription: 'Business e-mail with a 50 GB mailbox per user.',
  Category: 'Communication',
  Tags: ['email'],
  IsNew: true,
  BillingPeriod: 'Monthly',
  Price: {
    PriceableItemId: 1,
    ItemName: 'Subscription',
    FeeType: 'Recurring',
    Unit: 'user',
    Amount: '5.47',
    Currency: 'EUR',
    Basis: 'Pricelist',
    Rule: { RuleId: 1, RuleName: 'Collaboration margin', Model: 'GrossMargin', Parameter: '25', IsDefaultRule: false },
    Problem: null,
  },
};
const warehouse: ServiceSearchResult = {
  ...mail,
  Id: 'ORBIT_WAREHOUSE',
  DisplayName: 'Orbit Data Warehouse',
  Icon: `${'a'.repeat(32)}/${'B'.repeat(23)}.png`,
  VendorAccountId: 42,
  VendorName: 'Orbit Analytics',
  IsNew: false,
  Price: { ...mail.Price!, ItemName: 'Storage', FeeType: 'Usage', Unit: 'GB', Amount: '0.023184', Rule: { RuleId: 3, RuleName: 'Analytics promotion', Model: 'SrpDiscount', Parameter: '10', IsDefaultRule: false } },
};
const facets: ServiceSearchResponse['Facets'] = {
  Vendors: [
    { Key: '41', Label: 'Nimbus Security', Count: 13 },
    { Key: '42', Label: 'Orbit Analytics', Count: 13 },
  ],
  Categories: [{ Key: 'Security', Label: 'Security', Count: 5 }],
  Tags: [{ Key: 'email', Label: 'email', Count: 2 }],
};

function renderExplore(path = '/Marketplace/Explore?page=1&size=20', answer: (body: Record<string, unknown>) => ServiceSearchResponse = () => ({ Services: [mail, warehouse], Total: 45, TotalCount: 45, Facets: facets })) {
  const fetch = installFakeFetch((_url, init) => ({ body: answer(JSON.parse(String(init.body)) as Record<string, unknown>) }));
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Marketplace/Explore" element={<ExploreScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
  const requests = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/SearchServices')).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...rendered, fetch, requests };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExploreScreen (issue 13)', () => {
  it("shows each service as a card with its vendor, text and the customer's price with the reason", async () => {
    renderExplore();
    const card = await screen.findByRole('article', { name: 'Skyline Mail' });
    expect(card).toHaveTextContent('by Skyline Software');
    expect(card).toHaveTextContent('Business e-mail with a 50 GB mailbox per user.');
    expect(card).toHaveTextContent('€5.47 per user / month');
    expect(card).toHaveTextContent("Why this price: Gross margin 25 % — rule 'Collaboration margin'");
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Skyline Mail' })).toHaveAttribute('href', '/service/SKYLINE_MAIL');
    // spec §5: a valid icon path shows the image, the blank placeholder otherwise.
    expect(card.querySelector('img')).toBeNull();
    const warehouseCard = screen.getByRole('article', { name: 'Orbit Data Warehouse' });
    expect(warehouseCard.querySelector('img')).toHaveAttribute('src', `/keeper/getimage/${warehouse.Icon}/96/96`);
    expect(warehouseCard).toHaveTextContent('€0.023184 per GB');
    expect(warehouseCard).toHaveTextContent("SRP discount 10 % — rule 'Analytics promotion'");
    expect(screen.getByRole('status')).toHaveTextContent('Services found: 45');
  });

  it('reads page, page size and filters from the address and asks for exactly that', async () => {
    const { requests } = renderExplore('/Marketplace/Explore?vendor=42&category=Security&tag=email&new=1&sort=PriceDesc&q=orbit&page=2&size=20');
    await screen.findByRole('article', { name: 'Skyline Mail' });
    expect(requests()[0]).toEqual({
      filter: { DisplayName: 'orbit', OwnerAccountIds: [42], ServiceCategories: ['Security'], ServiceTags: ['email'], ShowNewOnly: true, Source: { Type: 'Root' } },
      sort: { Key: 'Price', Value: 'DESC' },
      pageSize: 20,
      page: 1,
      includeFacets: true,
    });
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('orbit');
    expect(screen.getByRole('checkbox', { name: 'Orbit Analytics (13)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Security (5)' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New services only' })).toBeChecked();
    // 45 services at 20 a page: three pages, the second one current.
    const pager = screen.getByRole('navigation', { name: 'Pages of services' });
    expect(within(pager).getByRole('button', { name: 'Page 2, current page' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps filters and order in the address, going back to page 1 when they change', async () => {
    const { requests, currentPath } = renderExplore('/Marketplace/Explore?page=2&size=20');
    await screen.findByRole('article', { name: 'Skyline Mail' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nimbus Security (13)' }));
    await waitFor(() => expect(currentPath()).toBe('/Marketplace/Explore?vendor=41&page=1&size=20'));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ filter: { OwnerAccountIds: [41] }, page: 0 }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Price: low to high' }));
    await waitFor(() => expect(currentPath()).toBe('/Marketplace/Explore?vendor=41&sort=PriceAsc&page=1&size=20'));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ sort: { Key: 'Price', Value: 'ASC' } }));

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of services' })).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(currentPath()).toBe('/Marketplace/Explore?vendor=41&sort=PriceAsc&page=3&size=20'));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ page: 2, pageSize: 20 }));
  });

  it('searches once typing pauses, not on every key', async () => {
    const { requests, currentPath } = renderExplore();
    await screen.findByRole('article', { name: 'Skyline Mail' });
    const before = requests().length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), 'mail');
    await waitFor(() => expect(currentPath()).toBe('/Marketplace/Explore?q=mail&page=1&size=20'));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ filter: { DisplayName: 'mail' } }));
    expect(requests().length - before).toBe(1);
  });

  it('says when nothing matches and clears the filters', async () => {
    const { currentPath } = renderExplore('/Marketplace/Explore?tag=email&page=1&size=20', (body) =>
      (body.filter as { ServiceTags: string[] }).ServiceTags.length ? { Services: [], Total: 0, TotalCount: 0, Facets: facets } : { Services: [mail], Total: 1, TotalCount: 1, Facets: facets },
    );
    expect(await screen.findByText('No services match your search.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(currentPath()).toBe('/Marketplace/Explore?page=1&size=20'));
    expect(await screen.findByRole('article', { name: 'Skyline Mail' })).toBeInTheDocument();
  });
});
