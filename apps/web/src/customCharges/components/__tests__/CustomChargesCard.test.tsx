import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  createCustomChargeRequestSchema,
  customChargeSchema,
  deleteCustomChargeRequestSchema,
  getCustomChargesRequestSchema,
  getCustomChargesResponseSchema,
  type CustomCharge,
  type CustomChargePage,
} from '@cmp/contracts/customCharges';
import { bodiesSentTo, callsTo, operation, operationFailure } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CustomChargesCard } from '../CustomChargesCard';

const pending: CustomCharge = {
  CustomChargeId: 7,
  AccountId: 57,
  Name: 'Migration support',
  Description: 'Mailbox migration, 12 hours.',
  Price: '960.00',
  Cost: '600.00',
  Currency: 'GBP',
  Status: 'PendingBilling',
  CreatedByAccountId: 3,
  CreatedByName: 'Nora Winters',
  CreatedAt: '2026-11-20T23:30:00.000Z',
  BilledAt: null,
  Attachment: { FileName: 'sow.pdf', ContentType: 'application/pdf', SizeBytes: 1200, DownloadUrl: '/custom-charges/7/attachment' },
};
const billed: CustomCharge = { ...pending, CustomChargeId: 8, Name: 'Security keys', Description: '', Price: '-75.00', Status: 'Billed', Attachment: null };
const page = (charges: CustomCharge[], more: Partial<CustomChargePage> = {}): CustomChargePage => ({ CustomCharges: charges, Total: charges.length, Currency: 'GBP', MinorUnits: 2, CanCreate: true, CanDelete: true, SellerView: true, ...more });

/** The server declares DeleteCustomCharge's answer inline (apps/server/src/customCharges), an empty object. */
const deleteCustomChargeResponseSchema = z.object({});

function renderCard(listAnswer: () => CustomChargePage | Response) {
  apiServer.use(
    operation('ICustomChargeService/GetCustomCharges', { request: getCustomChargesRequestSchema, response: getCustomChargesResponseSchema }, listAnswer),
    operation('ICustomChargeService/CreateCustomCharge', { request: createCustomChargeRequestSchema, response: customChargeSchema }, ({ customCharge }) => ({
      ...pending,
      CustomChargeId: 9,
      Name: customCharge.Name,
    })),
    operation('ICustomChargeService/DeleteCustomCharge', { request: deleteCustomChargeRequestSchema, response: deleteCustomChargeResponseSchema }, () => ({})),
  );
  renderWithProviders(<CustomChargesCard accountId={57} />);
  return { user: userEvent.setup() };
}

describe('CustomChargesCard', () => {
  it('shows each charge with its amounts, status, creator, UTC date and attachment link', async () => {
    renderCard(() => page([pending, billed]));
    const table = await screen.findByRole('table', { name: 'Custom charges' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/Migration support.*£960\.00.*£600\.00.*Pending billing.*Nora Winters.*Nov 20, 2026, 11:30 PM UTC/);
    expect(within(first!).getByRole('link', { name: 'Download sow.pdf' })).toHaveAttribute('href', '/custom-charges/7/attachment');
    expect(second).toHaveTextContent(/Security keys.*-£75\.00.*Billed/);
    // Only a pending charge can be deleted.
    expect(within(first!).getByRole('button', { name: 'Delete Migration support' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(screen.getByText("One-off amounts added to the company's next invoice, in GBP (British Pound).")).toBeInTheDocument();
  });

  it("shows a buyer its charges without a Cost column: the server sends no cost to the company's own users", async () => {
    const { Cost: _cost, ...bought } = pending;
    renderCard(() => page([bought], { CanCreate: false, CanDelete: false, SellerView: false }));
    const table = await screen.findByRole('table', { name: 'Custom charges' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('Cost');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toContain('Price');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Migration support.*£960\.00.*Pending billing/);
    expect(table).not.toHaveTextContent('£600.00');
  });

  it('says when there is no charge, and offers no adding to a reader', async () => {
    renderCard(() => page([], { CanCreate: false, CanDelete: false }));
    expect(await screen.findByText('This company has no custom charges yet.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Add charge' })).toBeNull();
  });

  it('shows the server refusal when the list cannot be loaded', async () => {
    renderCard(() => operationFailure(403, 'You do not have permission to do this.'));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('deletes a pending charge only after confirmation', async () => {
    const { user } = renderCard(() => page([pending]));
    await user.click(await screen.findByRole('button', { name: 'Delete Migration support' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the custom charge?' });
    expect(confirm).toHaveTextContent('Migration support (£960.00) will not be billed.');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(bodiesSentTo('ICustomChargeService/DeleteCustomCharge')).toEqual([]);
    // Back on the list once the dialog has closed.
    await user.click(await screen.findByRole('button', { name: 'Delete Migration support' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesSentTo('ICustomChargeService/DeleteCustomCharge')).toEqual([{ customChargeId: 7 }]));
  });

  it('adds a charge with the Idempotency-Key of the dialog and lists it', async () => {
    const { user } = renderCard(() => page([pending]));
    await user.click(await screen.findByRole('button', { name: 'Add charge' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom charge' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Training');
    await user.type(within(dialog).getByRole('textbox', { name: /^Price/ }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [create] = callsTo('ICustomChargeService/CreateCustomCharge');
    expect(create?.body).toEqual({ accountId: 57, customCharge: { Name: 'Training', Price: '250', Cost: '0' } });
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await screen.findByText('The charge Training (£960.00) has been added. It will be billed with the next invoice.')).toBeInTheDocument();
  });
});
