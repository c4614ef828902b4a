import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Capability } from '@cmp/contracts/capabilities';
import type { QuoteDetail, QuoteSummary } from '@cmp/contracts/salesQuotes';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MyQuotesScreen } from '../screens/MyQuotesScreen';

const draft: QuoteSummary = {
  QuoteId: 7,
  Name: 'Endpoints for Contoso',
  CustomerAccountId: 57,
  CustomerName: 'Contoso Ltd',
  SellerAccountId: 3,
  SellerName: 'Northwind Cloud',
  CreatedByAccountId: 90,
  CreatedByName: 'Nora Winters',
  Status: 'Draft',
  Currency: 'EUR',
  Total: '15.30',
  ValidUntil: '2026-12-27',
  CreatedAt: '2026-11-27T10:00:00.000Z',
  SentAt: null,
  DecidedAt: null,
};
const sent: QuoteSummary = { ...draft, QuoteId: 8, Name: 'Backup for Contoso', Status: 'Sent', Total: '99.00', SentAt: '2026-11-27T11:00:00.000Z' };
const sentDetail: QuoteDetail = {
  ...sent,
  Terms: 'Net 30',
  Reason: '',
  SubTotal: '99.00',
  Discount: '0.00',
  Lines: [
    { ProductName: 'BACKUP', DisplayName: 'Skyline Backup', Quantity: 3, Commitment: '1-month', BillingFrequency: 'Monthly', UnitPrice: '33.00', ListValue: '99.00', DiscountPercent: '0.00', MaxDiscountPercent: '10.00', Value: '99.00', PriceLines: [], OrderId: null, ViewValues: {}, MissingFields: [] },
  ],
  CanEdit: false,
  CanSend: false,
  CanDecide: true,
  CanDelete: false,
};

const operationOf = (url: string) => url.split('/').at(-1)!;

function renderScreen(companyType: 'Reseller' | 'Company', capabilities: Capability[], answer: (operation: string, body: Record<string, unknown>) => { status?: number; body: unknown }) {
  const fetch = installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>));
  const rendered = renderWithProviders(<MyQuotesScreen />, { path: '/QuotationTool/Quotes' });
  const base = buildSessionUser();
  rendered.queryClient.setQueryData(
    CURRENT_USER_QUERY_KEY,
    buildSessionUser({ Capability: capabilities, CompanyAccount: { ...base.CompanyAccount, AccountId: companyType === 'Reseller' ? 3 : 57, AccountType: companyType, DisplayName: companyType === 'Reseller' ? 'Northwind Cloud' : 'Contoso Ltd' } }),
  );
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  const headersOf = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => init?.headers as Record<string, string>);
  return { calls, headersOf, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My quotes', () => {
  it("lists the reseller's quotes with status, total in the user's locale and the actions each allows", async () => {
    const { calls } = renderScreen('Reseller', [capability('QUOTATION_TOOL', { Read: true, Create: true, Delete: true })], () => ({ body: { Quotes: [draft, sent], Total: 2 } }));
    const table = await screen.findByRole('table', { name: 'Quotes' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/Endpoints for Contoso.*Quote 7.*Contoso Ltd.*Draft.*€15\.30.*Dec 27, 2026/);
    expect(within(first!).getByRole('button', { name: 'Edit Endpoints for Contoso (quote 7)' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Delete Endpoints for Contoso (quote 7)' })).toBeInTheDocument();
    // A sent quote waits for the customer: neither changed nor deleted.
    expect(within(second!).queryByRole('button', { name: /^Edit|^Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'New quote' })).toBeInTheDocument();
    expect(calls('GetQuotes')[0]).toEqual({ scope: 'Mine', sortBy: 'CreatedAt', sortDirection: 'desc', pageSize: 25, page: 0 });
  });

  it('says when there are no quotes and when none matches the filters, filtering on the server', async () => {
    const { user, calls } = renderScreen('Reseller', [capability('QUOTATION_TOOL', { Read: true })], () => ({ body: { Quotes: [], Total: 0 } }));
    expect(await screen.findByText('There are no quotes yet.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'New quote' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    expect(await screen.findByText('No quote matches the filters.')).toBeInTheDocument();
    expect(calls('GetQuotes').at(-1)).toMatchObject({ scope: 'Mine', status: 'Expired' });
  });

  it('lets the customer accept a sent quote in the accept dialog, with an Idempotency-Key', async () => {
    const { user, calls, headersOf } = renderScreen('Company', [capability('QUOTATION_TOOL', { Read: true, Create: true, Execute: true }), capability('PRODUCT_ACCOUNT', { Create: true })], (operation) => {
      if (operation === 'GetQuotes') return { body: { Quotes: [sent], Total: 1 } };
      if (operation === 'AcceptQuote') return { body: { Quote: { ...sentDetail, Status: 'Accepted', CanDecide: false, Lines: [{ ...sentDetail.Lines[0]!, OrderId: 12 }] } } };
      return { body: { Quote: sentDetail } };
    });
    // A company has no customers to quote.
    await screen.findByRole('table', { name: 'Quotes' });
    expect(screen.queryByRole('button', { name: 'New quote' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show details of Backup for Contoso (quote 8)' }));
    const details = await screen.findByRole('dialog', { name: 'Backup for Contoso (quote 8)' });
    await user.click(await within(details).findByRole('button', { name: 'Accept' }));
    // A service without order fields has nothing to fill in: the dialog only confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Accept the quote?' });
    expect(await within(confirm).findByText('Nothing to fill in for this service.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls('AcceptQuote')).toEqual([{ quoteId: 8 }]));
    expect(headersOf('AcceptQuote')[0]!['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
