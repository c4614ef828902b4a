import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@cmp/contracts/orders';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RequestReviewScreen } from '../screens/RequestReviewScreen';
import { operationOf, pendingOrder, type Answer } from '../review/__tests__/orderFixtures';

const second: Order = { ...pendingOrder, Id: 42, ProductDisplayName: 'Dynamics 365 Sales', CompanyName: 'Fabrikam', OrderValue: '980.00', CanCancel: false };
const third: Order = { ...pendingOrder, Id: 43, ProductDisplayName: 'Teams Phone', CompanyName: 'Litware', CanCancel: false };

function renderScreen(answer: Answer) {
  const fetch = installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>, init));
  renderWithProviders(<RequestReviewScreen />, { path: '/orders/request-review' });
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, headers: init?.headers as Record<string, string> }));
  return { fetch, calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequestReviewScreen', () => {
  it('lists the orders waiting for approval (scope Review), without cancel and without a status filter', async () => {
    const { calls } = renderScreen(() => ({ body: { Orders: [pendingOrder, second], Total: 2 } }));
    const table = await screen.findByRole('table', { name: 'Orders waiting for approval' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Dynamics 365 Sales.*Fabrikam.*€980\.00.*Pending approval/);
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(calls('GetOrders')[0]!.body).toMatchObject({ scope: 'Review' });
    // Approve and Decline are offered once an order is selected.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('says when nothing waits for approval', async () => {
    renderScreen(() => ({ body: { Orders: [], Total: 0 } }));
    expect(await screen.findByText('No order is waiting for your approval.')).toHaveAttribute('role', 'status');
  });

  it('declines only with a reason: the dialog says so, then sends the reason with an Idempotency-Key per order', async () => {
    const { user, calls } = renderScreen((operation, body) => (operation === 'DeclineCreditCheckOrder' ? { body: { Order: { ...pendingOrder, Id: body.orderId, ApprovalStatus: 'Rejected' } } } : { body: { Orders: [pendingOrder, second], Total: 2 } }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select order 41 (Microsoft 365 E3)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 42 (Dynamics 365 Sales)' }));
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the selected orders (2)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Enter a reason for declining.')).toBeInTheDocument();
    expect(calls('DeclineCreditCheckOrder')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Over budget');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    const result = await screen.findByRole('alert');
    expect(result).toHaveTextContent('Done for 2 of 2 orders');
    expect(result).toHaveTextContent('order 41 (Microsoft 365 E3) for Contoso Ltd: declined.');
    expect(result).toHaveTextContent('order 42 (Dynamics 365 Sales) for Fabrikam: declined.');
    const declines = calls('DeclineCreditCheckOrder');
    expect(declines.map((call) => call.body)).toEqual([
      { orderId: 41, reason: 'Over budget' },
      { orderId: 42, reason: 'Over budget' },
    ]);
    expect(new Set(declines.map((call) => call.headers['Idempotency-Key'])).size).toBe(2);
    // The list is asked again after the decision.
    await waitFor(() => expect(calls('GetOrders').length).toBeGreaterThanOrEqual(2));
  });

  it('approves all selected orders and reports per order: one decided first by someone else (409), one failed', async () => {
    const { user, calls } = renderScreen((operation, body) => {
      if (operation !== 'ApproveCreditCheckOrder') return { body: { Orders: [pendingOrder, second, third], Total: 3 } };
      if (body.orderId === 42) return { status: 409, body: { Message: 'The order has already been cancelled by Carla Admin.' } };
      if (body.orderId === 43) return { status: 500, body: { Message: 'The vendor could not be reached.' } };
      return { body: { Order: { ...pendingOrder, ApprovalStatus: 'Approved' } } };
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('Selected: 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the selected orders (3)?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const result = await screen.findByRole('alert');
    expect(result).toHaveTextContent('Done for 1 of 3 orders');
    expect(result).toHaveTextContent('order 41 (Microsoft 365 E3) for Contoso Ltd: approved, provisioning starts.');
    expect(result).toHaveTextContent('order 42 (Dynamics 365 Sales) for Fabrikam: already decided by someone else. The order has already been cancelled by Carla Admin.');
    expect(result).toHaveTextContent('order 43 (Teams Phone) for Litware: not changed. The vendor could not be reached.');
    expect(calls('ApproveCreditCheckOrder').map((call) => call.body)).toEqual([{ orderId: 41 }, { orderId: 42 }, { orderId: 43 }]);
    // The selection is gone after the decision, the failed order's too.
    expect(screen.queryByText(/^Selected:/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select order 43 (Teams Phone)' })).not.toBeChecked();
  });

  it('keeps the dialog open when nothing could be done, and a retry reuses the same keys', async () => {
    let attempts = 0;
    const { user, calls } = renderScreen((operation) => {
      if (operation !== 'ApproveCreditCheckOrder') return { body: { Orders: [pendingOrder], Total: 1 } };
      attempts += 1;
      return attempts === 1 ? { status: 503, body: { Message: 'Try again later.' } } : { body: { Order: { ...pendingOrder, ApprovalStatus: 'Approved' } } };
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select order 41 (Microsoft 365 E3)' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again later.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done for 1 of 1 orders')).toBeInTheDocument();
    const [first, retry] = calls('ApproveCreditCheckOrder');
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });
});
