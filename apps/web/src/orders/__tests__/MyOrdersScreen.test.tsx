import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MyOrdersScreen } from '../screens/MyOrdersScreen';
import { approvedOrder, operationOf, orderDetail, pendingOrder, type Answer } from '../review/__tests__/orderFixtures';

function renderScreen(answer: Answer) {
  const fetch = installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>, init));
  renderWithProviders(<MyOrdersScreen />, { path: '/orders/my-orders' });
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, headers: init?.headers as Record<string, string> }));
  return { fetch, calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyOrdersScreen', () => {
  it("lists the company's orders with their columns, money in the user's locale, asking for scope Company", async () => {
    const { calls } = renderScreen(() => ({ body: { Orders: [pendingOrder, approvedOrder], Total: 2 } }));
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/Nov 20, 2026.*Microsoft 365 E3.*Order 41.*120.*Contoso Ltd.*Finance.*€4,320\.00.*Pending approval.*Pending/);
    expect(second).toHaveTextContent(/Azure Backup.*Fabrikam.*€99\.50.*Approved.*Budget confirmed.*Active/);
    expect(within(first!).getByRole('button', { name: 'Cancel order 41 (Microsoft 365 E3)' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(calls('GetOrders')[0]!.body).toEqual({ scope: 'Company', sortBy: 'CreatedAt', sortDirection: 'desc', pageSize: 25, page: 0 });
  });

  it('says when there are no orders, and when none matches the filters', async () => {
    const { user, calls } = renderScreen(() => ({ body: { Orders: [], Total: 0 } }));
    expect(await screen.findByText('There are no orders yet.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Declined' }));
    expect(await screen.findByText('No order matches the filters.')).toBeInTheDocument();
    expect(calls('GetOrders').at(-1)!.body).toMatchObject({ scope: 'Company', status: 'Rejected' });
  });

  it('sends the text and date filters and sorts on the server', async () => {
    const { user, calls } = renderScreen(() => ({ body: { Orders: [pendingOrder], Total: 1 } }));
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search service, company or account' }), 'contoso');
    await user.type(screen.getByLabelText('Created from'), '2026-11-01');
    await user.type(screen.getByLabelText('Created to'), '2026-11-30');
    await waitFor(() => expect(calls('GetOrders').at(-1)!.body).toMatchObject({ text: 'contoso', from: '2026-11-01', to: '2026-11-30' }));
    await user.click(screen.getByRole('button', { name: 'Order value' }));
    await waitFor(() => expect(calls('GetOrders').at(-1)!.body).toMatchObject({ sortBy: 'OrderValue', sortDirection: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Order value' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says when the end date is before the start date, and does not send the range', async () => {
    const { user, calls } = renderScreen(() => ({ body: { Orders: [pendingOrder], Total: 1 } }));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Created from'), '2026-11-20');
    await user.type(screen.getByLabelText('Created to'), '2026-11-01');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(calls('GetOrders').every((call) => !('to' in call.body))).toBe(true);
  });

  it('pages through the orders', async () => {
    const { user, calls } = renderScreen(() => ({ body: { Orders: [pendingOrder], Total: 60 } }));
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls('GetOrders').at(-1)!.body).toMatchObject({ page: 1, pageSize: 25 }));
  });

  it('shows the details: price lines with their rule, credit limit, projected invoice and who decided when', async () => {
    const { user, calls } = renderScreen((operation, body) => (operation === 'GetOrder' ? { body: { Order: orderDetail(body.orderId === 40 ? approvedOrder : pendingOrder) } } : { body: { Orders: [pendingOrder, approvedOrder], Total: 2 } }));
    await user.click(await screen.findByRole('button', { name: 'Details of order 40 (Azure Backup)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details of order 40 (Azure Backup)' });
    const lines = await within(dialog).findByRole('table', { name: 'Price lines' });
    expect(within(lines).getAllByRole('row')[2]).toHaveTextContent(/Licence.*Recurring.*€35\.00 per user.*120.*€4,200\.00.*Partner margin/);
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(/Setup.*€120\.00/);
    expect(dialog).toHaveTextContent(/Credit limit\s*€3,000\.00/);
    expect(dialog).toHaveTextContent(/Projected invoice\s*€4,820\.00/);
    expect(dialog).toHaveTextContent(/By Rita Reseller on Nov 19, 2026/);
    expect(calls('GetOrder')[0]!.body).toEqual({ orderId: 40 });
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows an order of a company without a credit limit as approved at once, with no credit check and no projected invoice', async () => {
    const unlimited = { ...approvedOrder, CreditLimit: null, ProjectedInvoice: null, DecidedByName: null, Reason: '' };
    renderScreen((operation) => (operation === 'GetOrder' ? { body: { Order: orderDetail(unlimited) } } : { body: { Orders: [unlimited], Total: 1 } }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Details of order 40 (Azure Backup)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details of order 40 (Azure Backup)' });
    await within(dialog).findByRole('table', { name: 'Price lines' });
    expect(dialog).toHaveTextContent(/Credit limit\s*No limit/);
    expect(dialog).toHaveTextContent(/Projected invoice\s*Not applicable/);
    expect(dialog).toHaveTextContent(/Credit check\s*No check: the company has no credit limit/);
    expect(dialog).toHaveTextContent(/Approved at once by the credit check on Nov 19, 2026/);
  });

  it('cancels a pending order after confirmation, with the reason and an Idempotency-Key reused on a retry', async () => {
    let cancelAttempts = 0;
    const { user, calls } = renderScreen((operation) => {
      if (operation === 'CancelCreditCheckOrder') {
        cancelAttempts += 1;
        return cancelAttempts === 1 ? { status: 503, body: { Message: 'The service is busy.' } } : { body: { Order: { ...pendingOrder, ApprovalStatus: 'Cancelled', CanCancel: false } } };
      }
      return { body: { Orders: [pendingOrder], Total: 1 } };
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order 41 (Microsoft 365 E3)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the order?' });
    expect(dialog).toHaveTextContent('order 41 (Microsoft 365 E3) for Contoso Ltd: €4,320.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    // The failure keeps the dialog open; the retry sends the same key.
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('order 41 (Microsoft 365 E3) has been cancelled.')).toBeInTheDocument();
    const [first, second] = calls('CancelCreditCheckOrder');
    expect(first!.body).toEqual({ orderId: 41, reason: 'Ordered twice' });
    expect(first!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });

  it('keeps the order when the confirmation is dismissed', async () => {
    const { user, calls } = renderScreen(() => ({ body: { Orders: [pendingOrder], Total: 1 } }));
    await user.click(await screen.findByRole('button', { name: 'Cancel order 41 (Microsoft 365 E3)' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel the order?' })).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('CancelCreditCheckOrder')).toHaveLength(0);
  });

  it('shows the message of a 409 (someone decided first) and reloads the list', async () => {
    const { user, calls } = renderScreen((operation) =>
      operation === 'CancelCreditCheckOrder' ? { status: 409, body: { Message: 'The order has already been approved by Rita Reseller.' } } : { body: { Orders: [pendingOrder], Total: 1 } },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel order 41 (Microsoft 365 E3)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('The order has already been approved by Rita Reseller.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GetOrders').length).toBeGreaterThanOrEqual(2);
    expect(calls('CancelCreditCheckOrder')[0]!.body).toEqual({ orderId: 41 });
  });

  it('shows the refusal when the orders cannot be loaded', async () => {
    renderScreen(() => ({ status: 403, body: { Message: 'You do not have permission to do this.' } }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });
});
