import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, InvoiceSummary } from '@cmp/contracts/billing';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { InvoicesCard } from '../InvoicesCard';
import { fakeServer, line } from './billingFixtures';

const summary: InvoiceSummary = {
  InvoiceId: 41,
  InvoiceNumber: 'INV-3-7',
  Kind: 'Invoice',
  IntervalId: '2026-10',
  SellerAccountId: 3,
  SellerName: 'Northwind',
  BuyerAccountId: 57,
  BuyerName: 'Contoso Ltd',
  Currency: 'EUR',
  Subtotal: '1000.00',
  TaxAmount: '0.00',
  Total: '1000.00',
  IssuedAt: '2026-11-02T08:00:05.000Z',
};
const creditNote: InvoiceSummary = { ...summary, InvoiceId: 42, InvoiceNumber: 'CN-3-1', Kind: 'CreditNote', Subtotal: '-50.00', Total: '-50.00' };
const invoice: Invoice = {
  ...summary,
  PeriodStart: '2026-10-01',
  PeriodEnd: '2026-11-01',
  TaxRate: '0.0000',
  ReverseCharge: true,
  SellerCountry: 'GB',
  SellerVatId: 'GB123456789',
  SellerAddress: '1 Cloud Street\nEC1A 1BB London',
  BuyerCountry: 'DE',
  BuyerVatId: 'DE811907980',
  BuyerAddress: '',
  Lines: [
    {
      CustomerAccountId: line.CustomerAccountId,
      CustomerName: line.CustomerName,
      SubscriptionAccountId: line.SubscriptionAccountId,
      ProductName: line.ProductName,
      Description: line.Description,
      Reason: line.Reason,
      PeriodStart: line.PeriodStart,
      PeriodEnd: line.PeriodEnd,
      Quantity: line.Quantity,
      UnitPrice: line.UnitPrice,
      Amount: line.Amount,
      PriceRule: null,
      PurchaseAmount: null,
      Margin: null,
    },
  ],
};

describe('InvoicesCard', () => {
  it('lists invoices and credit notes, sorts on the server, and opens one by a click on its row or Enter on its number', async () => {
    const { calls } = fakeServer((operation) => ({ body: operation === 'GetInvoices' ? { Invoices: [summary, creditNote], Total: 2 } : operation === 'GetInvoiceGenerationTasks' ? { Tasks: [] } : invoice }));
    const user = userEvent.setup();
    renderWithProviders(<InvoicesCard accountId={57} />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(calls('GetInvoices')[0]?.body).toEqual({ accountId: 57, sortBy: 'IssuedAt', sortDirection: 'desc', page: 0, pageSize: 25 });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/INV-3-7.*Invoice.*October 2026.*Northwind.*Contoso Ltd.*€1,000\.00.*€0\.00.*€1,000\.00.*Nov 2, 2026/);
    expect(second).toHaveTextContent(/CN-3-1.*Credit note.*-€50\.00/);

    await user.click(within(table).getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(calls('GetInvoices').at(-1)?.body).toMatchObject({ sortBy: 'Total', sortDirection: 'asc' }));

    await user.click(within(first!).getByText('Contoso Ltd'));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-3-7' });
    expect(await within(dialog).findByText('Reverse charge: VAT to be accounted for by the recipient')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Seller.*Northwind.*United Kingdom.*VAT ID: GB123456789/);
    expect(dialog).toHaveTextContent(/Buyer.*Contoso Ltd.*Germany.*VAT ID: DE811907980/);
    expect(dialog).toHaveTextContent('Tax (0%)');
    const lines = within(within(dialog).getByRole('table', { name: 'Invoice lines' })).getAllByRole('row');
    expect(lines[1]).toHaveTextContent(/Nimbus Endpoint.*Recurring.*Oct 1 – 31, 2026.*€1,000\.00/);
    // The totals end the lines, each named by its row header.
    expect(lines.slice(2).map((row) => [within(row).getByRole('rowheader').textContent, row.lastChild?.textContent])).toEqual([
      ['Subtotal', '€1,000.00'],
      ['Tax (0%)', '€0.00'],
      ['Total', '€1,000.00'],
    ]);
    expect(calls('GetInvoice')).toEqual([expect.objectContaining({ body: { invoiceId: 41 } })]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Keyboard: the invoice's number is a button, and Enter on it opens the invoice.
    const creditNoteNumber = within(screen.getByRole('table', { name: 'Invoices' })).getByRole('button', { name: 'CN-3-1' });
    creditNoteNumber.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Credit note CN-3-1' })).toBeInTheDocument();
    // Closing gives the focus back to the number that opened it (WCAG 2.4.3).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creditNoteNumber).toHaveFocus();
  });

  it('shows the invoices the account received — a reseller’s bills from its own seller — or those it issued, on request', async () => {
    const received: InvoiceSummary = { ...summary, InvoiceId: 43, InvoiceNumber: 'INV-1-9', SellerAccountId: 1, SellerName: 'Cloud Service Providers', BuyerAccountId: 3, BuyerName: 'Northwind' };
    const { calls } = fakeServer((operation, body) => ({
      body:
        operation === 'GetInvoiceGenerationTasks'
          ? { Tasks: [] }
          : (body as { side?: string }).side === 'Purchases'
            ? { Invoices: [received], Total: 1 }
            : { Invoices: [summary, received], Total: 2 },
    }));
    const user = userEvent.setup();
    renderWithProviders(<InvoicesCard accountId={3} />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Received by this account' }));
    await waitFor(() => expect(calls('GetInvoices').at(-1)?.body).toEqual({ accountId: 3, side: 'Purchases', sortBy: 'IssuedAt', sortDirection: 'desc', page: 0, pageSize: 25 }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row')[1]).toHaveTextContent(/INV-1-9.*Cloud Service Providers.*Northwind/);
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Issued by this account' }));
    await waitFor(() => expect(calls('GetInvoices').at(-1)?.body).toMatchObject({ side: 'Sales' }));
  });

  it('says when no invoice has been issued', async () => {
    fakeServer((operation) => ({ body: operation === 'GetInvoiceGenerationTasks' ? { Tasks: [] } : { Invoices: [], Total: 0 } }));
    renderWithProviders(<InvoicesCard accountId={57} />);
    expect(await screen.findByText('No invoices have been issued yet.')).toHaveAttribute('role', 'status');
  });
});
