import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendorService } from '@cmp/contracts/catalog';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ServiceEditorDialog } from '../ServiceEditorDialog';

const mail: VendorService = {
  ServiceName: 'SKYLINE_MAIL',
  DisplayName: 'Skyline Mail',
  DisplayNames: { en: 'Skyline Mail' },
  Descriptions: {},
  VendorAccountId: 9,
  VendorSku: null,
  ProductNumber: null,
  Category: 'Mail',
  Tags: [],
  BillingRule: 'PerUnit',
  BillingPeriod: 'Monthly',
  Currency: 'EUR',
  CommitmentTerms: ['1-month'],
  IconPath: null,
  TermsOfService: null,
  IsActive: true,
  Revision: 4,
  Items: [
    { PriceableItemId: 1, Name: 'Mailbox', FeeType: 'Recurring', Unit: 'user', PurchasePrice: '4.10', Srp: '6.00', IsActive: true },
    { PriceableItemId: 2, Name: 'Archive', FeeType: 'Recurring', Unit: 'user', PurchasePrice: '1.00', Srp: '2.00', IsActive: true },
  ],
};

function renderEditor() {
  const onSave = vi.fn().mockResolvedValue(undefined);
  const onClose = vi.fn();
  renderWithProviders(<ServiceEditorDialog state={{ mode: 'edit', service: mail }} onSave={onSave} onClose={onClose} />);
  return { onSave, onClose, user: userEvent.setup() };
}

describe('ServiceEditorDialog', () => {
  it('edits the priceable items in a grid named by its heading, and says when none is left', async () => {
    const { onSave, user } = renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit the service Skyline Mail' });
    const items = within(dialog).getByRole('table', { name: 'Priceable items' });
    expect(within(items).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(within(items).getByRole('textbox', { name: 'Purchase price of item 1' })).toHaveValue('4.10');

    await user.click(within(items).getByRole('button', { name: 'Remove item 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove item 1' }));
    expect(within(dialog).queryByRole('table', { name: 'Priceable items' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('A service needs at least one priceable item.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Some fields need your attention; they are marked below.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getAllByRole('row').slice(1)).toHaveLength(1);
  }, 45_000);

  it('asks before throwing away changes, and keeps them on "Continue editing"', async () => {
    const { onClose, user } = renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit the service Skyline Mail' });
    const srp = within(dialog).getByRole('textbox', { name: 'SRP of item 1' });
    await user.clear(srp);
    await user.type(srp, '6.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Continue editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(srp).toHaveValue('6.50');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 45_000);
});
