import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { OnlineBillCard } from '../OnlineBillCard';
import { bill, fakeServer, intervals, line } from './billingFixtures';

describe('OnlineBillCard', () => {
  it("asks for the newest closed month's bill and shows its lines, the period's last day and the totals", async () => {
    const { calls } = fakeServer((operation) => ({ body: operation === 'GetIntervals' ? intervals : bill() }));
    renderWithProviders(<OnlineBillCard accountId={57} />);
    const table = await screen.findByRole('table', { name: 'Bill lines' });
    expect(screen.getByRole('combobox', { name: 'Billing month' })).toHaveTextContent('October 2026');
    expect(calls('GetOnlineBill')[0]?.body).toEqual({ accountId: 57, billingInterval: '2026-10', hideIndirectPayments: false, groupByCustomers: false, sortBy: 'Customer', sortDirection: 'asc', page: 0, pageSize: 25 });
    const [row] = within(table).getAllByRole('row').slice(1);
    // PeriodEnd is exclusive: 1 November means the period ends on 31 October.
    expect(row).toHaveTextContent(/Contoso Ltd.*Nimbus Endpoint Protection – Contoso.*Recurring.*Oct 1 – 31, 2026.*400.*£2\.50.*£1,000\.00.*£200\.00/);
    expect(within(table).getByRole('columnheader', { name: 'Margin' })).toBeInTheDocument();
    expect(screen.getByText('Sales').nextSibling).toHaveTextContent('£1,000.00');
    expect(screen.getByText('Purchases').nextSibling).toHaveTextContent('£0.00');
  });

  it('lists the months newest first, the running one marked, and loads the month chosen', async () => {
    const { calls } = fakeServer((operation) => ({ body: operation === 'GetIntervals' ? intervals : bill() }));
    const user = userEvent.setup();
    renderWithProviders(<OnlineBillCard accountId={57} />);
    await user.click(await screen.findByRole('combobox', { name: 'Billing month' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['November 2026 (in progress)', 'October 2026', 'September 2026']);
    await user.click(screen.getByRole('option', { name: 'September 2026' }));
    await waitFor(() => expect(calls('GetOnlineBill').at(-1)?.body).toMatchObject({ billingInterval: '2026-09' }));
  });

  it('says when the month has nothing billed', async () => {
    fakeServer((operation) => ({ body: operation === 'GetIntervals' ? intervals : bill({ Lines: [], Total: 0, Totals: [{ Currency: 'GBP', Sales: '0.00', Purchases: '0.00', Margin: null }] }) }));
    renderWithProviders(<OnlineBillCard accountId={57} />);
    expect(await screen.findByText('No billing data for this period')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the months cannot be loaded', async () => {
    fakeServer(() => ({ status: 500, body: { Message: 'Database unavailable' } }));
    renderWithProviders(<OnlineBillCard accountId={57} />);
    expect(await screen.findByText('Error loading intervals')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('groups by customer on request, and hides indirect payments on request', async () => {
    const fabrikam = { ...line, CustomerAccountId: 58, CustomerName: 'Fabrikam', Amount: '300.00', Margin: null };
    const { calls } = fakeServer((operation, body) =>
      operation === 'GetIntervals'
        ? { body: intervals }
        : {
            body: bill({
              Lines: [line, fabrikam],
              Total: 2,
              Customers: body.groupByCustomers
                ? [
                    { CustomerAccountId: 57, CustomerName: 'Contoso Ltd', Currency: 'GBP', Lines: 1, Amount: '1000.00', Margin: '200.00' },
                    { CustomerAccountId: 58, CustomerName: 'Fabrikam', Currency: 'GBP', Lines: 1, Amount: '300.00', Margin: null },
                  ]
                : [],
            }),
          },
    );
    const user = userEvent.setup();
    renderWithProviders(<OnlineBillCard accountId={57} />);
    await screen.findByRole('table', { name: 'Bill lines' });
    expect(screen.queryByRole('table', { name: 'Totals per customer' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Group by customers' }));
    const customers = await screen.findByRole('table', { name: 'Totals per customer' });
    expect(calls('GetOnlineBill').at(-1)?.body).toMatchObject({ groupByCustomers: true, hideIndirectPayments: false, page: 0 });
    const rows = within(customers).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Contoso Ltd1£1,000.00£200.00', 'Fabrikam1£300.00']);
    await user.click(screen.getByRole('switch', { name: 'Hide indirect payments' }));
    await waitFor(() => expect(calls('GetOnlineBill').at(-1)?.body).toMatchObject({ groupByCustomers: true, hideIndirectPayments: true }));
  });

  it('sorts on the server', async () => {
    const { calls } = fakeServer((operation) => ({ body: operation === 'GetIntervals' ? intervals : bill() }));
    const user = userEvent.setup();
    renderWithProviders(<OnlineBillCard accountId={57} />);
    const table = await screen.findByRole('table', { name: 'Bill lines' });
    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(calls('GetOnlineBill').at(-1)?.body).toMatchObject({ sortBy: 'Amount', sortDirection: 'asc' }));
  });
});
