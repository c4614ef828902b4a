import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import type { QuoteDetail, QuoteLine } from '@cmp/contracts/salesQuotes';
import { ApiError } from '../../platform/api/ApiError';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { QuoteAcceptDialog } from '../components/QuoteAcceptDialog';

// Issue 30 item 1: accepting a quote for a service with required order fields. The dialog lists the
// lines, asks for the fields the quote left open with the order wizard's editors (required), shows
// what the seller filled as quoted, and accepts only once every line is complete; a refusal of the
// server naming a field shows at that field by its label.

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
        Fields: [field({ Name: 'Domain', DisplayValue: 'Domain', Required: true, Pattern: '^([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$' }), field({ Name: 'Mailboxes', DisplayValue: 'Mailboxes', Type: 'int32', DisplayTemplate: 'Number', MaxLength: null })],
      },
    ],
  },
];

const line = (overrides: Partial<QuoteLine>): QuoteLine => ({
  ProductName: 'SKYLINE_MAIL',
  DisplayName: 'Skyline Mail',
  Quantity: 5,
  Commitment: '1-month',
  BillingFrequency: 'Monthly',
  UnitPrice: '6.00',
  ListValue: '30.00',
  DiscountPercent: '0.00',
  Value: '30.00',
  PriceLines: [],
  OrderId: null,
  ViewValues: {},
  MissingFields: [],
  ...overrides,
});

const quote = (lines: QuoteLine[]): QuoteDetail => ({
  QuoteId: 8,
  Name: 'Mail for Contoso',
  CustomerAccountId: 57,
  CustomerName: 'Contoso Ltd',
  SellerAccountId: 3,
  SellerName: 'Northwind Cloud',
  CreatedByAccountId: 4,
  CreatedByName: 'Reseller Admin',
  Status: 'Sent',
  Currency: 'EUR',
  Total: '30.00',
  ValidUntil: '2026-12-27',
  CreatedAt: '2026-12-01T10:00:00.000Z',
  SentAt: '2026-12-01T10:05:00.000Z',
  DecidedAt: null,
  Terms: '',
  Reason: '',
  SubTotal: '30.00',
  Discount: '0.00',
  Lines: lines,
  CanEdit: false,
  CanSend: false,
  CanDecide: true,
  CanDelete: false,
});

function renderDialog(detail: QuoteDetail, onAccept = vi.fn().mockResolvedValue(undefined)) {
  const fetch = installFakeFetch((url, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (url.endsWith('/GetViewLayout')) return body.productName === 'SKYLINE_MAIL' ? { body: { Pages: mailLayout } } : { status: 404, body: { Message: 'Viewlayout contains no Pages' } };
    return { body: {} };
  });
  renderWithProviders(<QuoteAcceptDialog quote={detail} onAccept={onAccept} onClose={vi.fn()} />);
  return { onAccept, fetch, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the accept dialog (issue 30)', () => {
  it('asks for the missing required field, shows the quoted ones read-only, and accepts only once it is filled', async () => {
    const { onAccept, user } = renderDialog(quote([line({ ViewValues: { Mailboxes: 5 }, MissingFields: ['Domain'] }), line({ ProductName: 'NIMBUS_ENDPOINT', DisplayName: 'Nimbus Endpoint', Quantity: 2 })]));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote?' });
    const mailLine = within(dialog).getByRole('region', { name: 'Skyline Mail × 5' });
    const domain = await within(mailLine).findByRole('textbox', { name: 'Domain' });
    expect(domain).toBeRequired();
    // The line's heading is the h3; its containers sit below it.
    expect(within(mailLine).getAllByRole('heading', { level: 4, name: 'Service settings' })).toHaveLength(2);
    // What the seller filled shows as quoted, not as an editor.
    expect(within(mailLine).queryByRole('textbox', { name: 'Mailboxes' })).not.toBeInTheDocument();
    expect(within(mailLine).getByText('As quoted:')).toBeInTheDocument();
    expect(within(mailLine).getByText('5')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Nimbus Endpoint × 2' })).toHaveTextContent('Nothing to fill in for this service.');

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Domain is required.')).toBeInTheDocument();
    await waitFor(() => expect(domain).toHaveFocus());
    expect(onAccept).not.toHaveBeenCalled();

    await user.type(domain, 'not a domain');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Domain: the format is not valid.')).toBeInTheDocument();
    expect(onAccept).not.toHaveBeenCalled();

    await user.clear(domain);
    await user.type(domain, ' contoso.example ');
    expect(within(dialog).queryByText(/Domain:|Domain is required/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onAccept).toHaveBeenCalledWith([{ line: 0, viewValues: { Domain: 'contoso.example' } }]));
  });

  it("shows the server's refusal at the field it names, by the field's label", async () => {
    const refusal = new ApiError('Domain: contoso.example is already taken', { operation: 'AcceptQuote', status: 400, field: 'Product_SKYLINE_MAIL.Domain' });
    const { user } = renderDialog(quote([line({ MissingFields: ['Domain'] })]), vi.fn().mockRejectedValue(refusal));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote?' });
    const domain = await within(dialog).findByRole('textbox', { name: 'Domain' });
    await user.type(domain, 'contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Domain: contoso.example is already taken')).toBeInTheDocument();
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/Product_/)).not.toBeInTheDocument();
  });

  it('asks for no layout when no line has order fields', async () => {
    const { fetch } = renderDialog(quote([line({ ProductName: 'NIMBUS_ENDPOINT', DisplayName: 'Nimbus Endpoint' })]));
    expect(await screen.findByText('Nothing to fill in for this service.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
