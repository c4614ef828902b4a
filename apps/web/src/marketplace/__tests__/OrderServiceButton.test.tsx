import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ServiceInfo } from '@cmp/contracts/marketplace';
import { installFakeFetch } from '../../test/fakeFetch';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { ExploreScreen } from '../screens/ExploreScreen';
import { ServiceInfoScreen } from '../screens/ServiceInfoScreen';

const price = { PriceableItemId: 1, ItemName: 'Mailbox', FeeType: 'Recurring' as const, Unit: 'user', Amount: '5.47', Currency: 'EUR', Basis: 'Pricelist' as const, Rule: null, Problem: null };
const service: ServiceInfo = {
  Id: 'SKYLINE_MAIL',
  DisplayName: 'Skyline Mail',
  Description: 'Business e-mail.',
  Category: null,
  Tags: [],
  VendorAccountId: 40,
  VendorName: 'Skyline Software',
  Vendor: { AccountId: 40, Name: 'Skyline Software', Description: '', WebsiteUrl: null, SupportEmail: null, SupportPhone: null, SupportUrl: null },
  VendorSku: null,
  ProductNumber: null,
  BillingRule: 'PerUnit',
  BillingPeriod: 'Monthly',
  CommitmentTerms: ['annual'],
  IsNew: false,
  Icon: '',
  TermsOfService: null,
  MarketplaceId: 3,
  Currency: 'EUR',
  Items: [],
};

function render(path: string, mayOrder: boolean) {
  installFakeFetch((url) =>
    url.endsWith('/SearchServices')
      ? { body: { Services: [{ Id: 'SKYLINE_MAIL', DisplayName: 'Skyline Mail', Icon: '', VendorName: 'Skyline Software', BillingPeriod: 'Monthly', Price: price }], Total: 1, Facets: null } }
      : { body: service },
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Marketplace/Explore" element={<ExploreScreen />} />
      <Route path="/service/:serviceId" element={<ServiceInfoScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
  const capabilities = [capability('MARKETPLACE', { Read: true }), ...(mayOrder ? [capability('PRODUCT_ACCOUNT', { Create: true })] : [])];
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return rendered;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('"Order" on Explore and the service page (issue 14)', () => {
  it('leads from an Explore card to the wizard with the service chosen', async () => {
    render('/Marketplace/Explore?page=1&size=20', true);
    const card = await screen.findByRole('article', { name: 'Skyline Mail' });
    const order = within(card).getByRole('link', { name: 'Order' });
    expect(order).toHaveAttribute('href', '/Account/Create/Service?service=SKYLINE_MAIL');
    expect(order).toHaveAccessibleDescription('Skyline Mail');
  });

  it('leads from the service page to the wizard with the service chosen', async () => {
    render('/service/SKYLINE_MAIL', true);
    await screen.findByRole('heading', { level: 1, name: 'Skyline Mail' });
    expect(screen.getByRole('link', { name: 'Order' })).toHaveAttribute('href', '/Account/Create/Service?service=SKYLINE_MAIL');
  });

  it('is not offered to a caller without Create on product accounts', async () => {
    render('/Marketplace/Explore?page=1&size=20', false);
    await screen.findByRole('article', { name: 'Skyline Mail' });
    expect(screen.queryByRole('link', { name: /^Order/ })).toBeNull();
    render('/service/SKYLINE_MAIL', false);
    await screen.findByRole('heading', { level: 1, name: 'Skyline Mail' });
    expect(screen.queryByRole('link', { name: /^Order/ })).toBeNull();
  });
});
