import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { OrderServiceScreen } from '../screens/OrderServiceScreen';
import { availablePage, buildOrder, buildPreview } from '../wizard/__tests__/orderFixtures';

// Issue 14 "Ordering": the configure step asks for the product's view fields from the service's
// Product layout (GetViewLayout type 'Product', view 'Product', productName) with the account forms'
// renderer, checks them as the account forms do with messages naming the field, sends them as the
// order's viewValues and lists them on the overview.

type Answer = (body: Record<string, unknown>) => FakeResponse | Promise<FakeResponse>;

const field = (overrides: Partial<LayoutField>): LayoutField => ({
  Name: 'Domain',
  View: 'Product_SKYLINE_MAIL',
  Value: null,
  InitialValue: null,
  DisplayValue: 'Domain',
  DisplayTemplate: 'Text',
  EnumName: null,
  EnumMembers: [],
  EnumsLoaded: false,
  Type: 'string',
  Required: false,
  MaxLength: 253,
  Pattern: null,
  Unique: false,
  RemoteCheck: null,
  ReadOnly: false,
  CreateOnly: false,
  MfaProtected: false,
  ...overrides,
});

const mailLayout: LayoutPage[] = [
  {
    Id: 'Overview',
    Name: 'Overview',
    DisplayValue: 'Overview',
    Containers: [
      {
        Id: 'ServiceSettings',
        Name: 'ServiceSettings',
        DisplayValue: 'Service settings',
        Fields: [
          field({ Name: 'Domain', DisplayValue: 'Domain', Required: true, Pattern: '^([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$' }),
          field({ Name: 'Mailboxes', DisplayValue: 'Mailboxes', Type: 'int32', DisplayTemplate: 'Number', MaxLength: null }),
          field({ Name: 'Region', DisplayValue: 'Region', DisplayTemplate: 'Combobox', EnumName: 'Regions', EnumsLoaded: true, MaxLength: 10, EnumMembers: [{ Value: 'EU', DisplayValue: 'Europe' }, { Value: 'US', DisplayValue: 'United States' }] }),
          // Another view's and read-only fields are not the order's to ask for.
          field({ Name: 'Quantity', View: 'Product', DisplayValue: 'Seats', Type: 'int32', Required: true }),
          field({ Name: 'Legacy', DisplayValue: 'Legacy id', ReadOnly: true }),
        ],
      },
    ],
  },
];

function renderWizard(path: string, answers: Record<string, Answer> = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetAvailableServices') return { body: availablePage() };
    if (operation === 'GetViewLayout') return body.productName === 'SKYLINE_MAIL' ? { body: { Pages: mailLayout } } : { status: 404, body: { Message: 'Viewlayout contains no Pages' } };
    if (operation === 'PreviewOrder') return { body: buildPreview({ NeedsApproval: false, CreditLimit: null }) };
    if (operation === 'PlaceOrder') return { body: { Order: buildOrder({ ApprovalStatus: 'Approved', SubscriptionStatus: 'Provisioning' }) } };
    if (operation === 'GetOrder') return { body: { Order: buildOrder({ ApprovalStatus: 'Approved', SubscriptionStatus: 'Active' }) } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Account/Create/Service" element={<OrderServiceScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('PRODUCT_ACCOUNT', { Create: true })] }));
  const calls = (operation: string) =>
    fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...rendered, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order wizard\'s product view fields (issue 14)', () => {
  it('asks for the service\'s fields, holds "Show overview" until a required one is filled and every rule met, and sends them to PreviewOrder and PlaceOrder', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard('/Account/Create/Service?service=SKYLINE_MAIL');
    const domain = await screen.findByRole('textbox', { name: 'Domain' });
    expect(calls('GetViewLayout')[0]).toEqual({ type: 'Product', view: 'Product', productName: 'SKYLINE_MAIL' });
    expect(screen.getByRole('heading', { level: 3, name: 'Service settings' })).toBeInTheDocument();
    expect(domain).toBeRequired();
    const mailboxes = screen.getByRole('textbox', { name: 'Mailboxes' });
    expect(mailboxes).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeInTheDocument();
    // Only the product's own view, and nothing read-only.
    expect(screen.queryByRole('textbox', { name: 'Seats' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Legacy id' })).not.toBeInTheDocument();

    // A required field left empty blocks the overview, says which field, and takes the focus.
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('Domain is required.')).toBeInTheDocument();
    await waitFor(() => expect(domain).toHaveFocus());
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PreviewOrder')).toHaveLength(0);

    // The account forms' rules, each message naming its field; reached from the keyboard.
    await user.type(domain, 'not a domain');
    await user.tab();
    expect(mailboxes).toHaveFocus();
    expect(screen.getByText('Domain: the format is not valid.')).toBeInTheDocument();
    await user.keyboard('4.5');
    await user.tab();
    expect(screen.getByText('Mailboxes: enter a whole number.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(calls('PreviewOrder')).toHaveLength(0);

    await user.clear(domain);
    await user.type(domain, ' mail.contoso.example ');
    await user.clear(mailboxes);
    await user.type(mailboxes, '25');
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Europe' }));
    expect(screen.queryByText(/Domain:|Domain is required|Mailboxes:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));

    expect(await screen.findByRole('heading', { name: 'Step 4 of 4: Overview' })).toBeInTheDocument();
    expect(calls('PreviewOrder')).toHaveLength(1);
    expect(calls('PreviewOrder')[0]).toEqual({
      parentAccountId: 57,
      productName: 'SKYLINE_MAIL',
      quantity: 1,
      commitment: '1-month',
      billingFrequency: 'Monthly',
      isPrepaid: false,
      viewValues: { Domain: 'mail.contoso.example', Mailboxes: 25, Region: 'EU' },
    });
    // The overview lists what was entered, label: value (an enum by its name).
    expect(document.body).toHaveTextContent('Domainmail.contoso.example');
    expect(document.body).toHaveTextContent('Mailboxes25');
    expect(document.body).toHaveTextContent('RegionEurope');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls('PlaceOrder')).toHaveLength(1));
    expect(calls('PlaceOrder')[0]).toMatchObject({ productName: 'SKYLINE_MAIL', viewValues: { Domain: 'mail.contoso.example', Mailboxes: 25, Region: 'EU' }, expectedOrderValue: '906.40' });
    expect(await screen.findByRole('heading', { name: 'Order 9001' })).toBeInTheDocument();
  }, 60_000);

  it('keeps what was entered when going back to the configure step, and leaves out an optional field left empty', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard('/Account/Create/Service?service=SKYLINE_MAIL');
    await user.type(await screen.findByRole('textbox', { name: 'Domain' }), 'contoso.example');
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 4: Overview' })).toBeInTheDocument();
    expect(calls('PreviewOrder')[0]?.viewValues).toEqual({ Domain: 'contoso.example' });
    expect(document.body).not.toHaveTextContent('Mailboxes');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Domain' })).toHaveValue('contoso.example');
  }, 30_000);

  it('shows nothing extra for a service without fields and sends no viewValues', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard('/Account/Create/Service?service=ORBIT_WAREHOUSE');
    expect(await screen.findByRole('heading', { name: 'Step 3 of 4: Configure' })).toBeInTheDocument();
    await waitFor(() => expect(calls('GetViewLayout')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 4: Overview' })).toBeInTheDocument();
    expect(calls('PreviewOrder')[0]).not.toHaveProperty('viewValues');
  }, 30_000);

  it('says when the fields could not be loaded, holds the overview, and loads them again on request', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = renderWizard('/Account/Create/Service?service=SKYLINE_MAIL', {
      GetViewLayout: () => (++attempts === 1 ? { status: 500, body: { Message: 'Database unavailable' } } : { body: { Pages: mailLayout } }),
    });
    expect(await screen.findByText(/The service's settings could not be loaded: .*Database unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show overview' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Domain' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show overview' })).toBeEnabled();
    expect(calls('PreviewOrder')).toHaveLength(0);
  }, 30_000);
});
