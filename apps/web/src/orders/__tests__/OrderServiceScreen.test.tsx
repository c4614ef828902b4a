import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { OrderServiceScreen } from '../screens/OrderServiceScreen';
import { availablePage, buildOrder, buildPreview } from '../wizard/__tests__/orderFixtures';

type Answer = (body: Record<string, unknown>, headers: Record<string, string>) => FakeResponse | Promise<FakeResponse>;

function renderWizard(path: string, answers: Record<string, Answer> = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body, init.headers as Record<string, string>);
    if (operation === 'GetAvailableServices') return { body: availablePage() };
    if (operation === 'PreviewOrder') return { body: buildPreview() };
    if (operation === 'PlaceOrder') return { body: { Order: buildOrder() } };
    if (operation === 'GetOrder') return { body: { Order: buildOrder() } };
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
    fetch.mock.calls
      .filter(([url]) => String(url).endsWith(`/${operation}`))
      .map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, headers: init?.headers as Record<string, string> }));
  return { ...rendered, fetch, calls };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderServiceScreen (issue 14 "Ordering")', () => {
  it('opens on configure for the service of the address, ordered for the caller\'s company, and checks every field', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard('/Account/Create/Service?service=SKYLINE_MAIL');
    expect(await screen.findByRole('heading', { name: 'Step 3 of 4: Configure' })).toBeInTheDocument();
    expect(calls('GetAvailableServices')[0]?.body).toEqual({ accountId: 57, page: 0, pageSize: 200 });
    // The stepper (tabs) says what was chosen on the steps before, and they can be gone back to.
    expect(screen.getByRole('tab', { name: /Account.*Contoso Ltd/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Service.*Skyline Mail/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Configure/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Overview/ })).toBeDisabled();

    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('Enter a quantity.')).toBeInTheDocument();
    expect(quantity).toHaveFocus();
    await user.type(quantity, '100001');
    expect(screen.getByText('Enter a whole number from 1 to 100,000.')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    expect(screen.getByText('Enter a whole number from 1 to 100,000.')).toBeInTheDocument();
    expect(calls('PreviewOrder')).toHaveLength(0);

    // Only the service's terms; only the billing frequencies of the chosen term.
    await user.click(screen.getByRole('combobox', { name: 'Commitment term' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['1 month', '1 year']);
    await user.click(screen.getByRole('option', { name: '1 month' }));
    await user.click(screen.getByRole('combobox', { name: 'Billing frequency' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Monthly']);
    await user.keyboard('{Escape}');
    await chooseOption(user, 'Commitment term', '1 year');
    await user.click(screen.getByRole('combobox', { name: 'Billing frequency' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Monthly', 'Annually']);
    await user.click(screen.getByRole('option', { name: 'Annually' }));
    expect(screen.getByRole('switch', { name: 'Prepaid' })).not.toBeChecked();
  }, 45_000);

  it('shows the overview with each line\'s price and rule, the credit check and the approval notice, then places the order once with its key', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { calls } = renderWizard('/Account/Create/Service?service=SKYLINE_MAIL', {
      PlaceOrder: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { Order: buildOrder() } });
        }),
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '10');
    await chooseOption(user, 'Commitment term', '1 year');
    await chooseOption(user, 'Billing frequency', 'Annually');
    await user.click(screen.getByRole('button', { name: 'Show overview' }));

    expect(await screen.findByRole('heading', { name: 'Step 4 of 4: Overview' })).toBeInTheDocument();
    expect(calls('PreviewOrder')[0]?.body).toEqual({ parentAccountId: 57, productName: 'SKYLINE_MAIL', quantity: 10, commitment: 'annual', billingFrequency: 'Annual', isPrepaid: false });
    const lines = within(screen.getByRole('table', { name: 'Price lines' })).getAllByRole('row').slice(1);
    expect(lines[0]).toHaveTextContent(/Mailbox.*€65\.64 per user \/ month.*10.*€656\.40.*Markup 12 % — rule 'Collaboration margin'/);
    expect(lines[1]).toHaveTextContent(/Onboarding.*One-time setup fee.*€250\.00.*1.*€250\.00.*suggested retail price/);
    const page = document.body;
    expect(page).toHaveTextContent('Setup fee€250.00');
    expect(page).toHaveTextContent('Recurring charge per billing period (Annually)€656.40');
    expect(page).toHaveTextContent('Order value€906.40');
    expect(page).toHaveTextContent('Open balance€4,300.00');
    expect(page).toHaveTextContent('Credit limit€5,000.00');
    expect(page).toHaveTextContent('Projected invoice€5,206.40');
    expect(page).toHaveTextContent('Term ends onNov 26, 2027');
    expect(screen.getByText(/will wait for approval by an account manager/)).toHaveTextContent('The projected invoice (€5,206.40) exceeds the company\'s credit limit (€5,000.00).');

    // A double click is one intent: one request in flight, and it carries the overview's key and value.
    const place = screen.getByRole('button', { name: 'Place order for approval' });
    await user.dblClick(place);
    await waitFor(() => expect(calls('PlaceOrder')).toHaveLength(1));
    const [placed] = calls('PlaceOrder');
    expect(placed?.body).toMatchObject({ productName: 'SKYLINE_MAIL', quantity: 10, expectedOrderValue: '906.40' });
    expect(placed?.headers['Idempotency-Key']).toMatch(/\S{16,}/);
    release();

    expect(await screen.findByRole('heading', { name: 'Order 9001' })).toHaveFocus();
    expect(screen.getByText('Order placed: waiting for approval.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the subscription' })).toHaveAttribute('href', '/account/7001');
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders/my-orders');
  }, 45_000);

  it('re-runs the preview when the price changed (409), says so, and places the new overview with a new key; a failure keeps the key', async () => {
    const user = userEvent.setup();
    let previews = 0;
    let places = 0;
    const { calls } = renderWizard('/Account/Create/Service?accountId=61&service=SKYLINE_MAIL', {
      GetAvailableServices: () => ({ body: availablePage({ AccountId: 61, AccountName: 'Sales department' }) }),
      PreviewOrder: () => ({ body: ++previews === 1 ? buildPreview({ NeedsApproval: false, CreditLimit: null }) : buildPreview({ NeedsApproval: false, CreditLimit: null, OrderValue: '950.00' }) }),
      PlaceOrder: () => {
        places += 1;
        if (places === 1) return { status: 409, body: { Message: 'The price of the order changed; preview it again.' } };
        if (places === 2) return { status: 503, body: { Message: 'Service unavailable' } };
        return { body: { Order: buildOrder({ ApprovalStatus: 'Approved', SubscriptionStatus: 'Provisioning' }) } };
      },
      GetOrder: () => ({ body: { Order: buildOrder({ ApprovalStatus: 'Approved', SubscriptionStatus: 'Active' }) } }),
    });
    await screen.findByRole('textbox', { name: 'Quantity' });
    expect(screen.getByRole('tab', { name: /Account.*Sales department/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('No credit limit')).toBeInTheDocument();
    expect(calls('PreviewOrder')[0]?.body).toMatchObject({ parentAccountId: 61, quantity: 1, commitment: '1-month', billingFrequency: 'Monthly' });
    expect(screen.queryByText(/wait for approval/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price changed since the overview was shown: the order value is now €950.00 instead of €906.40.');
    expect(calls('PreviewOrder')).toHaveLength(2);
    expect(document.body).toHaveTextContent('Order value€950.00');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/Order placed: (provisioning has started|the subscription is active)\./)).toBeInTheDocument();

    const [first, second, third] = calls('PlaceOrder');
    expect(first?.body.expectedOrderValue).toBe('906.40');
    expect(second?.body.expectedOrderValue).toBe('950.00');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    // A retry of the same overview is the same intent: the same key.
    expect(third?.headers['Idempotency-Key']).toBe(second?.headers['Idempotency-Key']);
    // The subscription's status follows provisioning (GetOrder), and the result says it is ready.
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Order placed: the subscription is active.')).toBeInTheDocument();
  }, 45_000);

  it('without parameters starts at the account (the caller\'s company), then lets the user search, page and choose a service', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard('/Account/Create/Service', {
      GetAvailableServices: (body) => ({ body: availablePage(body.text === 'orbit' ? { Services: [availablePage().Services[1]!], Total: 1 } : { Total: 30 }) }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Contoso Ltd'));
    expect(screen.getByText('Step 1 of 4: Account')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    const table = await screen.findByRole('table', { name: 'Step 2 of 4: Service' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/Skyline Mail.*Skyline Software.*Communication.*€5\.47 per user \/ month.*1 month, 1 year/);
    expect(rows[1]).toHaveTextContent(/Orbit Data Warehouse.*€120\.00 \/ year.*1 year, 3 years/);
    // A service without a price cannot be chosen, and says why.
    expect(within(rows[2]!).getByRole('radio', { name: 'Nimbus VPN' })).toBeDisabled();
    expect(rows[2]).toHaveTextContent('No rule prices this item.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls('GetAvailableServices').at(-1)?.body).toMatchObject({ accountId: 57, page: 1, pageSize: 25 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'orbit');
    await waitFor(() => expect(calls('GetAvailableServices').at(-1)?.body).toEqual({ accountId: 57, page: 0, pageSize: 25, text: 'orbit' }));
    await user.click(await screen.findByRole('radio', { name: 'Orbit Data Warehouse' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 3 of 4: Configure' })).toHaveFocus();
    // Not a prepaid service: no switch. Its first term and that term's first frequency to start with.
    expect(screen.queryByRole('switch', { name: 'Prepaid' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Commitment term' })).toHaveTextContent('1 year');
    expect(screen.getByRole('combobox', { name: 'Billing frequency' })).toHaveTextContent('Monthly');
    await user.click(screen.getByRole('tab', { name: /Service.*Orbit Data Warehouse/ }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Service' })).toBeInTheDocument();
  }, 45_000);

  it('refuses to go on for an account the caller may not order for', async () => {
    const user = userEvent.setup();
    renderWizard('/Account/Create/Service?accountId=88', { GetAvailableServices: () => ({ body: availablePage({ AccountId: 88, AccountName: 'Fabrikam', CanOrder: false }) }) });
    expect(await screen.findByText('You may not order services for this account.')).toBeInTheDocument();
    // The account box takes the account's name from the same answer, possibly a render later.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Fabrikam'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Account' })).toBeInTheDocument();
  }, 45_000);
});
